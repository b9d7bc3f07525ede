public import ViperCore

/// A flight's summary and booking, as other modules and apps see it: a Builder that takes the
/// flight and the search it was found for.
public protocol FlightSummaryBuilder: ModuleBuilder where Scene == FlightSummaryScene, Input == FlightSummaryInput {}

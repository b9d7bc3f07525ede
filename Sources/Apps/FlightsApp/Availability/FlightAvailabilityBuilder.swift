public import ViperCore

/// The flights for a search, as other modules and apps see it: a Builder that takes the
/// search's criteria.
public protocol FlightAvailabilityBuilder: ModuleBuilder where Scene == FlightAvailabilityScene, Input == FlightSearchCriteria {}

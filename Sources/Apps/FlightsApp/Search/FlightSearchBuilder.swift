public import ViperCore

/// The flight search, as other modules and apps see it: a Builder that needs nothing.
public protocol FlightSearchBuilder: ModuleBuilder where Scene == FlightSearchScene, Input == Void {}

public import ViperCore

/// A place's forecast, as other modules and apps see it: a Builder that takes the place
/// (`WeatherLocation`), not a key to fetch it by. Flights opens it for a flight's destination
/// through this protocol alone (docs/architecture.md, "Modules as black boxes").
public protocol WeatherDetailBuilder: ModuleBuilder where Scene == WeatherDetailScene, Input == WeatherLocation {}

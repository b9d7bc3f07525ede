public import ViperCore

/// The list of saved places, as other modules and apps see it: a Builder that needs nothing.
public protocol WeatherListBuilder: ModuleBuilder where Scene == WeatherListScene, Input == Void {}

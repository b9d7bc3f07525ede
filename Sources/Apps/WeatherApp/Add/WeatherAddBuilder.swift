public import ViperCore

/// The search for a place to save, as other modules and apps see it: a Builder that needs
/// nothing. It saves the place it finds and leaves; whoever presented it shows the place.
public protocol WeatherAddBuilder: ModuleBuilder where Scene == WeatherAddScene, Input == Void {}

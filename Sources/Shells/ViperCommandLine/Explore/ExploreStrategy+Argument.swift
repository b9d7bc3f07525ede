import ArgumentParser
import ViperTesting

/// `explore --strategy steered|random`.
extension ExploreStrategy: ExpressibleByArgument {}

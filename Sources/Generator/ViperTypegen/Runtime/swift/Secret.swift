/// Text the user types that must not be shown, logged or kept, such as a password: mask its input.
public typealias Secret = String

/// `value` as `Target`, for a caller that has compared the two types and found them the same
/// (`T.self == String.self`). In generic code, `value as! String` has the runtime look for a
/// conversion even then, about 300 instructions a value, the cost of encoding a small member
/// several times over (callgrind).
@inline(__always)
package func sameType<Value, Target>(_ value: Value, as target: Target.Type) -> Target {
    assert(Value.self == Target.self, "sameType(_:as:) between different types")
    return unsafeBitCast(value, to: Target.self)
}

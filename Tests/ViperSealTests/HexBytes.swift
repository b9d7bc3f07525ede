/// Bytes written as the standards print them: hexadecimal digits, spaces and colons ignored.
func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.filter(\.isHexDigit))
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
}

func hex(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

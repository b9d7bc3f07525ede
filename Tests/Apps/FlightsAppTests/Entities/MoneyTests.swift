import Foundation
import Testing

@testable import FlightsApp

/// `text` with every kind of space a locale puts in money written as a plain space.
private func plainSpaces(_ text: String) -> String {
    String(text.map { $0.isWhitespace ? " " : $0 })
}

@Suite("Money: exact decimal amounts, written as the session's locale writes money")
struct MoneyTests {
    @Test(
        "An amount is written in its currency as the locale writes money",
        arguments: [
            ("93.99", "GBP", "en_GB", "£93.99"),
            ("93.99", "GBP", "en_US", "£93.99"),
            ("1234.5", "USD", "en_US", "$1,234.50"),
            ("59.99", "EUR", "en_GB", "€59.99"),
            ("59.99", "EUR", "de_DE", "59,99 €"),
            ("1234.5", "EUR", "fr_FR", "1 234,50 €"),
            ("7", "GBP", "en_GB", "£7.00"),
        ])
    func formatted(amount: String, currency: String, locale: String, expected: String) {
        #expect(plainSpaces(money(amount, currency).formatted(for: Locale(identifier: locale))) == expected)
    }

    @Test("Amounts add up to the cent: 93.99 for three is 281.97, and 0.10 for three is 0.30")
    func exact() {
        #expect(money("93.99").amount * 3 == money("281.97").amount)
        #expect(money("0.10").amount * 3 == money("0.30").amount)
        #expect((money("0.10").amount * 3).formatted(.currency(code: "GBP").locale(Locale(identifier: "en_GB"))) == "£0.30")
        #expect(Money(amount: money("93.99").amount * 3, currency: "GBP").formatted(for: Locale(identifier: "en_GB")) == "£281.97")
    }

    @Test("Money is equal when its amount and currency are")
    func equality() {
        #expect(money("93.99", "GBP") == money("93.990", "GBP"))
        #expect(money("93.99", "GBP") != money("93.99", "EUR"))
        #expect(money("93.99", "GBP") != money("93.98", "GBP"))
    }
}

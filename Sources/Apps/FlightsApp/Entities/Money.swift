import Foundation

/// An amount in a currency, kept as a decimal so that prices add up to the cent.
struct Money: Sendable, Equatable {
    /// How much, in the currency's main unit (59.99 for £59.99).
    let amount: Decimal
    /// ISO 4217 ("GBP").
    let currency: String

    /// The amount as `locale` writes money in this currency ("£59.99", "59,99 €").
    func formatted(for locale: Locale) -> String {
        amount.formatted(.currency(code: currency).locale(locale))
    }
}

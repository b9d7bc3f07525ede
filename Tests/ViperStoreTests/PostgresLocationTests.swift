import Testing
import ViperStore

/// Database URLs as libpq reads them, and what is wrong with those that are not.
struct PostgresLocationTests {
    @Test func aWholeURLGivesEveryPartAndItsDescriptionHidesThePassword() throws {
        let location = try PostgresLocation(url: "postgresql://app%40ops:p%40ss%2Fword@db.example:6543/viper?sslmode=verify-full")
        #expect(location.user == "app@ops")
        #expect(location.password == "p@ss/word")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.database == "viper")
        #expect(location.tls == .verifyFull)
        #expect(location.description == "postgresql://app@ops@db.example:6543/viper")
        #expect(!location.description.contains("p@ss"))
    }

    @Test func thePortAndTLSHaveLibpqsDefaultsAndPostgresIsASchemeToo() throws {
        let location = try PostgresLocation(url: "postgres://viper@localhost/app")
        #expect(location.port == 5432)
        #expect(location.tls == .prefer)
        #expect(location.password == nil)
        #expect(try PostgresLocation(url: "postgresql://viper@localhost/app?sslmode=allow").tls == .prefer)
    }

    @Test(arguments: [
        ("mysql://viper@db/app", "the database URL starts with mysql://; a PostgreSQL URL starts with postgresql://"),
        ("postgresql://db.example/app", "the database URL names no user; write postgresql://USER@db.example/DATABASE"),
        ("postgresql://viper:secret-word@db.example", "the database URL names no database; write postgresql://viper@db.example/DATABASE"),
        ("postgresql://viper:secret-word@db.example/app?sslmode=always", "the database URL has sslmode=always; use disable, allow, prefer, require, verify-ca or verify-full"),
        ("postgresql://viper@db.example/app?connect_timeout=3", "the database URL has the parameter connect_timeout, which viper does not read; only sslmode is"),
        ("postgresql://viper:secret-word#1@db.example/app",
         "the database URL has a user or password with a character that must be percent-encoded: @ as %40, / as %2F, ? as %3F, # as %23 (the URL is not shown: it holds the password)"),
        ("postgresql://viper:secret/word@db.example/app",
         "the database URL has a user or password with a character that must be percent-encoded: @ as %40, / as %2F, ? as %3F, # as %23 (the URL is not shown: it holds the password)"),
    ])
    func aURLThatNamesNoDatabaseSaysWhatIsMissingWithoutThePassword(url: String, message: String) {
        let error = #expect(throws: PostgresLocationError.self) { try PostgresLocation(url: url) }
        #expect(error?.description == message)
        #expect(error?.description.contains("secret-word") == false)
    }
}

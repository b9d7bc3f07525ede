/// A password file as libpq reads it (`~/.pgpass`, or the file `PGPASSFILE` names): a line per
/// server, `hostname:port:database:username:password`, `*` matching anything in the first four
/// fields, `\:` and `\\` standing for `:` and `\`, `#` beginning a comment line. The first line
/// that matches gives the password.
public enum PostgresPassfile {
    /// The password `contents` gives for `location`, if a line matches it.
    public static func password(for location: PostgresLocation, in contents: String) -> String? {
        for line in contents.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = Self.fields(of: Substring(line))
            guard fields.count == 5 else { continue }
            let wanted = [location.host, String(location.port), location.database, location.user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// The fields of `line`, split at the colons no backslash escapes, unescaped.
    private static func fields(of line: Substring) -> [String] {
        var fields: [String] = []
        var field = ""
        var escaped = false
        for character in line {
            if escaped {
                field.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}

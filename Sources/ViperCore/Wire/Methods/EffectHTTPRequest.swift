import ViperJSON

/// `effect.http` (1.1): the engine asks a View that performs HTTP itself (`capabilities.effects:
/// ["http"]`) to send a request, and waits for its reply.
package struct EffectHTTPRequest: Codable, Sendable, Equatable {
    package static let wireMethod = WireMethod.effectHTTP

    /// `GET`, `POST`, …
    package var method: String
    /// The absolute URL.
    package var url: String
    package var headers: [String: String]
    /// The body as text, when it is UTF-8.
    package var body: String?
    /// The body in base64, when it is not UTF-8.
    package var bodyBase64: String?

    package init(method: String, url: String, headers: [String: String] = [:], body: String? = nil, bodyBase64: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.bodyBase64 = bodyBase64
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decode(String.self, forKey: .method)
        url = try container.decode(String.self, forKey: .url)
        headers = try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        body = try container.decodeIfPresent(String.self, forKey: .body)
        bodyBase64 = try container.decodeIfPresent(String.self, forKey: .bodyBase64)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(method, forKey: .method)
        try container.encode(url, forKey: .url)
        try container.encode(headers, forKey: .headers)
        if let bodyBase64 {
            try container.encode(bodyBase64, forKey: .bodyBase64)
        } else if let body {
            try container.encode(body, forKey: .body)
        } else {
            // A request without a body says so with `"body": null`, as the engine always wrote it.
            try container.encodeNil(forKey: .body)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case method, url, headers, body, bodyBase64
    }
}

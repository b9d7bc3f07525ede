import Testing
import ViperJSON

@testable import ViperCommandLine

struct CompleterTests {
    private let catalog = SceneCatalog.sample

    private func candidates(_ prefix: String, stack: [String] = ["todo.list#1", "todo.add#1"], running: [Int] = []) -> [String] {
        Completer(catalog: catalog, stack: stack, running: running).candidates(for: prefix)
    }

    @Test func theFirstWordIsACommandAnEventOfTheTopSceneOrALiveScene() {
        #expect(candidates("st", stack: []) == ["stack", "start"])
        #expect(candidates("", stack: []).contains("help"))
        #expect(candidates("sa") == ["saveTapped"])
        #expect(candidates("todo.") == ["todo.add#1", "todo.list#1"])
    }

    @Test func startCompletesAppNames() {
        #expect(candidates("start ") == ["todo"])
        #expect(candidates("start t") == ["todo"])
        #expect(candidates("start todo ") == [])
    }

    @Test func aNamedSceneCompletesItsOwnEvents() {
        #expect(candidates("todo.list#1 ") == ["addTapped"])
        #expect(candidates("todo.add#1 ti") == ["titleChanged"])
    }

    @Test func anEventCompletesItsFieldsThenTheirValues() {
        #expect(candidates("titleChanged ") == ["title="])
        #expect(candidates("dueDateChanged dueDate=") == ["dueDate=today", "dueDate=tomorrow", "dueDate=null"])
        #expect(candidates("dueDateChanged dueDate=to") == ["dueDate=today", "dueDate=tomorrow"])
        #expect(candidates("titleChanged title=x ") == [])
        #expect(candidates("todo.add#1 dueDateChanged ") == ["dueDate="])
    }

    @Test func otherCommandsCompleteWhatTheyTake() {
        #expect(candidates("show ") == ["todo.add#1", "todo.list#1"])
        #expect(candidates("record ") == ["stop"])
        #expect(candidates("help dis") == ["dismissTapped"])
        #expect(candidates("quit ") == [])
    }

    @Test func postCompletesTheBusEventsTheirFieldsAndNowForAnInstant() {
        #expect(candidates("po") == ["post"])
        #expect(candidates("post ") == ["chat.messageReceived"])
        #expect(candidates("post chat.messageReceived ") == ["text=", "sentAt="])
        #expect(candidates("post chat.messageReceived text=Hi sentAt=") == ["sentAt=now"])
        #expect(candidates("post nobody.listens ") == [])
        #expect(candidates("help chat.") == ["chat.messageReceived"])
    }

    @Test func cancelCompletesTheRequestsRunningInTheBackground() {
        #expect(candidates("cancel ", running: [3, 5]) == ["3", "5"])
        #expect(candidates("cancel ") == [])
        #expect(candidates("canc") == ["cancel", "cancelTapped"])
    }

    @Test("An event's value completes from the ids on screen: each article's id, after the event or after id=")
    func idsOnScreen() throws {
        let catalog = SceneCatalog(apps: ["news"], events: [
            "news.list": [.init(name: "articleTapped", fields: [.init(name: "id", type: "string", isNullable: false)])],
        ])
        let list = try JSONParser.parse(Array(#"{"articles":[{"id":"a1f3","title":"One story"},{"id":"b2e4","title":"Two"}],"state":"loaded"}"#.utf8))
        let completer = Completer(catalog: catalog, stack: ["news.list#1"], viewModels: ["news.list#1": list])
        #expect(completer.candidates(for: "articleTapped ") == ["id=", "a1f3", "b2e4"])
        #expect(completer.candidates(for: "articleTapped b") == ["b2e4"])
        #expect(completer.candidates(for: "articleTapped id=") == ["id=a1f3", "id=b2e4"])
        #expect(completer.candidates(for: "news.list#1 articleTapped id=a") == ["id=a1f3"])
        // Tab lists each id with what it is.
        #expect(completer.descriptions(for: "articleTapped ") == ["a1f3": "One story", "b2e4": "Two"])
        #expect(completer.descriptions(for: "articleTapped id=") == ["id=a1f3": "One story", "id=b2e4": "Two"])
        // Text with spaces, and empty text, is no id to complete.
        let titled = Completer(catalog: catalog, stack: ["news.list#1"], viewModels: ["news.list#1": ["articles": [["id": "with space"], ["id": ""]]]])
        #expect(titled.candidates(for: "articleTapped ") == ["id="])
    }

    @Test("A place's and a flight's id complete from the list on screen, whatever the member is called")
    func placeAndFlightIdsOnScreen() throws {
        let catalog = SceneCatalog(apps: ["weather", "flights"], events: [
            "weather.list": [.init(name: "locationTapped", fields: [.init(name: "locationId", type: "string", isNullable: false)])],
            "flights.availability": [.init(name: "flightTapped", fields: [.init(name: "flightId", type: "string", isNullable: false)])],
        ])
        let places = try JSONParser.parse(Array(#"{"locations":[{"locationId":"2267057","name":"Lisbon"},{"locationId":"2950159","name":"Berlin"}]}"#.utf8))
        let weather = Completer(catalog: catalog, stack: ["weather.list#1"], viewModels: ["weather.list#1": places])
        #expect(weather.candidates(for: "locationTapped ") == ["locationId=", "2267057", "2950159"])
        #expect(weather.candidates(for: "locationTapped 29") == ["2950159"])
        #expect(weather.descriptions(for: "locationTapped ") == ["2267057": "Lisbon", "2950159": "Berlin"])
        let flights = try JSONParser.parse(Array(#"{"flights":[{"flightId":"LGW-CDG-20261124-1","number":"VP 101"}],"state":"loaded"}"#.utf8))
        let availability = Completer(catalog: catalog, stack: ["flights.availability#1"], viewModels: ["flights.availability#1": flights])
        #expect(availability.candidates(for: "flightTapped flightId=") == ["flightId=LGW-CDG-20261124-1"])
        #expect(availability.descriptions(for: "flightTapped ") == ["LGW-CDG-20261124-1": "VP 101"])
    }

    @Test("back offers the top scene only: it is the one that can go back")
    func backOffersTheTopScene() {
        #expect(candidates("back ") == ["todo.add#1"])
        #expect(candidates("back ", stack: []) == [])
    }

    @Test("clock and wait offer the forms they take")
    func clockAndWaitOfferTheirForms() {
        #expect(candidates("clock ") == ["now", "+1d", "-1d", "+1h"])
        #expect(candidates("clock +") == ["+1d", "+1h"])
        #expect(candidates("wait ") == ["1s", "5s", "30s"])
    }

    @Test("A field already given is not offered again; a field's type gives its values")
    func givenFieldsAndTypedValues() {
        #expect(candidates("post chat.messageReceived text=Hi ") == ["sentAt="])
        let catalog = SceneCatalog(apps: ["flights"], events: [
            "flights.search": [.init(name: "filtered", fields: [
                .init(name: "direct", type: "bool", isNullable: false), .init(name: "note", type: "string", isNullable: true),
            ])],
        ])
        let completer = Completer(catalog: catalog, stack: ["flights.search#1"])
        #expect(completer.candidates(for: "filtered ") == ["direct=", "note="])
        #expect(completer.candidates(for: "filtered direct=") == ["direct=true", "direct=false"])
        #expect(completer.candidates(for: "filtered note=") == ["note=null"])
        #expect(completer.candidates(for: "filtered direct=true ") == ["note="])
    }

    @Test("Nothing is offered after an event or a scene the engine did not describe")
    func unknownEventsAndScenes() {
        #expect(candidates("noSuchEvent ") == [])
        #expect(candidates("todo.list#1 saveTapped ") == [])
        #expect(candidates("titleChanged nope=") == [])
        #expect(candidates("addTapped", stack: []) == [])
    }
}

#!/usr/bin/env python3
"""Checks the sample server against its OpenAPI document, over real HTTP.

    check_sample_server.py PATH/TO/viper docs/sample-server.openapi.json

The document is what people and other programs read to talk to `viper sample-server`, and the
apps' Services rely on the shapes it gives (some of them copied from NewsAPI and Open-Meteo), so
it must say exactly what the server does. This script starts two servers with a fixed clock
(`--now`, `--db :memory:`; the second with `--require-api-key`), makes real requests that reach
every operation and every status the document gives it (but 500, which needs a broken
database), and validates each response's body against the schema the document gives for that
path, method and status ($refs resolved in the whole document). A status the document does not
give is a failure, and so is an operation or a status it gives that no request produced. An
unknown path must answer as components/responses/NotFound, another method on a known path as
the path item's x-methodNotAllowed.

Prints one line per failure and a summary; exits 1 when anything failed. Needs
`openapi-schema-validator` (pip), which brings `referencing`.
"""
import json
import re
import subprocess
import sys
import urllib.error
import urllib.request

from openapi_schema_validator import OAS31Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

NOW = "2026-11-23T09:00:00Z"
TOMORROW, TODAY = "2026-11-24", "20261123"
BASE = "urn:viper-sample-server"
METHODS = ("get", "post", "put", "delete", "patch")
TOO_LARGE = b" " * (64 * 1024 + 1)


def escape(token):
    return token.replace("~", "~0").replace("/", "~1")


class Checker:
    def __init__(self, document):
        self.paths = document["paths"]
        self.registry = Registry().with_resource(BASE, Resource.from_contents(document, default_specification=DRAFT202012))
        self.validators = {}
        self.seen = set()
        self.checked = 0
        self.failures = []

    def fail(self, text):
        self.failures.append(text)
        print("FAIL", text)

    def template(self, path):
        if path in self.paths:
            return path
        for template in self.paths:
            if re.fullmatch(re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)), path):
                return template
        return None

    def pointer(self, method, path, status):
        """The document's schema for a response, as a JSON pointer; None when it gives none."""
        template = self.template(path)
        if template is None:
            response = {"$ref": "#/components/responses/NotFound"} if status == 404 else None
            place = "#/components/responses/NotFound"
        elif method.lower() not in self.paths[template]:
            response = self.paths[template].get("x-methodNotAllowed") if status == 405 else None
            place = f"#/paths/{escape(template)}/x-methodNotAllowed"
        else:
            self.seen.add((template, method.lower(), str(status)))
            response = self.paths[template][method.lower()]["responses"].get(str(status))
            place = f"#/paths/{escape(template)}/{method.lower()}/responses/{status}"
        if response is None:
            return None
        return (response["$ref"] if "$ref" in response else place) + "/content/application~1json/schema"

    def check(self, method, path, status, body):
        self.checked += 1
        pointer = self.pointer(method, path, status)
        if pointer is None:
            return self.fail(f"{method} {path}: status {status} is not in the document: {body}")
        if pointer not in self.validators:
            schema = {"$ref": BASE + pointer}
            self.validators[pointer] = OAS31Validator(schema, registry=self.registry, format_checker=OAS31Validator.FORMAT_CHECKER)
        for error in self.validators[pointer].iter_errors(body):
            where = "/".join(str(part) for part in error.absolute_path)
            self.fail(f"{method} {path} {status}: at /{where}: {error.message}")

    def unexercised(self):
        """Documented operations and statuses (but 500) that no request produced."""
        for template, item in self.paths.items():
            for method in (method for method in METHODS if method in item):
                statuses = [status for (t, m, status) in self.seen if (t, m) == (template, method)]
                if not statuses:
                    self.fail(f"{method.upper()} {template}: no request exercised it")
                for status in item[method]["responses"]:
                    if status != "500" and statuses and status not in statuses:
                        self.fail(f"{method.upper()} {template}: no request produced its {status}")


class Server:
    """A `viper sample-server` on a port the system picks; its answers are checked by `checker`."""

    def __init__(self, viper, checker, *options):
        self.checker = checker
        self.process = subprocess.Popen(
            [viper, "sample-server", "--port", "0", "--now", NOW, "--db", ":memory:", *options],
            stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        found = re.search(r"http://\S+", line)
        if not found:
            raise RuntimeError(f"the server printed {line!r}, not its URL")
        self.url = found.group(0)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def call(self, method, path, body=None, expect=None, raw=None, headers=None):
        """Sends a request, checks the answer against the document (and `expect`), returns its body."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=40) as response:
                status, text, allow = response.status, response.read(), response.headers.get("Allow")
        except urllib.error.HTTPError as error:
            status, text, allow = error.code, error.read(), error.headers.get("Allow")
        try:
            answer = json.loads(text)
        except ValueError:
            self.checker.fail(f"{method} {path} {status}: the body is not JSON: {text[:200]!r}")
            return None
        self.checker.check(method, path.split("?")[0], status, answer)
        if expect is not None and status != expect:
            self.checker.fail(f"{method} {path}: expected {expect}, got {status}: {answer}")
        if status == 405 and not allow:
            self.checker.fail(f"{method} {path} 405: no Allow header")
        return answer

    def require(self, condition, text):
        if not condition:
            self.checker.fail(text)


def exercise_users(s):
    user = s.call("POST", "/v1/users", {"username": "ada.l", "password": "analytical1", "displayName": "Ada L"}, 201)
    s.call("POST", "/v1/users", {"username": "ada.l", "password": "analytical2", "displayName": "Ada 2"}, 409)
    s.call("POST", "/v1/users", {"username": "bob", "password": "0123456789", "displayName": "Bob"}, 201)
    for invalid in [{"username": "No Caps!"}, {"password": "short"}, {"displayName": "  "}, {"password": 1234567890}]:
        s.call("POST", "/v1/users", {"username": "carol", "password": "0123456789", "displayName": "Carol", **invalid}, 422)
    for raw in [b'{"username": ', b"[1, 2]"]:
        s.call("POST", "/v1/users", raw=raw, expect=400)
    session = s.call("POST", "/v1/sessions", {"username": "ada.l", "password": "analytical1"}, 200)
    s.call("POST", "/v1/sessions", {"username": "ada.l", "password": "wrong password"}, 401)
    s.call("POST", "/v1/sessions", {"username": "ada.l"}, 422)
    s.call("POST", "/v1/sessions", raw=b"nope", expect=400)
    for _ in range(5):
        s.call("POST", "/v1/sessions", {"username": "bob", "password": "not bob's!"}, 401)
    locked = s.call("POST", "/v1/sessions", {"username": "bob", "password": "0123456789"}, 429)
    s.require(locked and 800 <= locked.get("retryAfter", 0) <= 900, f"retryAfter should be under 900 s and near it: {locked}")
    token = {"Authorization": f"Bearer {session['token']}"}
    me = s.call("GET", f"/v1/users/{user['id']}", headers=token, expect=200)
    s.require(me == user, f"GET /v1/users/{user['id']} gave {me}, not the user signed up: {user}")
    s.call("GET", f"/v1/users/{user['id']}", expect=401)
    s.call("GET", f"/v1/users/{user['id']}", headers={"Authorization": "Bearer 00ff"}, expect=401)
    s.call("GET", f"/v1/users/{int(user['id']) + 1}", headers=token, expect=403)
    s.call("GET", "/v1/users/me", headers=token, expect=404)
    s.call("DELETE", "/v1/sessions/current", headers=token, expect=200)
    s.call("DELETE", "/v1/sessions/current", headers=token, expect=401)
    s.call("GET", f"/v1/users/{user['id']}", headers=token, expect=401)


def exercise_news(s, keyed):
    page = s.call("GET", "/v2/top-headlines?country=us&pageSize=5", expect=200)
    s.require(page and len(page["articles"]) == 5 and page["totalResults"] >= 5, "country=us&pageSize=5 should give 5 articles")
    s.call("GET", "/v2/top-headlines?category=Sports&q=the&page=2&pageSize=2", expect=200)
    empty = s.call("GET", "/v2/top-headlines?country=gb", expect=200)
    s.require(empty and empty["totalResults"] == 0, "country=gb should find no article")
    for query in ["pageSize=5", "country=us&pageSize=0", "category=weather"]:
        s.call("GET", f"/v2/top-headlines?{query}", expect=400)
    keyed.call("GET", "/v2/top-headlines?country=us", expect=401)
    keyed.call("GET", "/v2/top-headlines?country=us&apiKey=", expect=401)
    keyed.call("GET", "/v2/top-headlines?country=us&apiKey=anything", expect=200)
    keyed.call("GET", "/v2/top-headlines?country=us", headers={"X-Api-Key": "anything"}, expect=200)


def exercise_weather(s):
    found = s.call("GET", "/v1/search?name=zurich&count=3&language=en", expect=200)
    s.require(found and found.get("results", [{}])[0].get("name") == "Zürich", f"name=zurich should find Zürich: {found}")
    none = s.call("GET", "/v1/search?name=Qqqqq", expect=200)
    s.require(none is not None and "results" not in none, "a search that finds nothing has no results key")
    s.call("GET", "/v1/search?name=z", expect=200)
    s.call("GET", "/v1/search", expect=400)
    s.call("GET", "/v1/search?name=London&count=0", expect=400)
    wanted = "current=temperature_2m,weather_code,wind_speed_10m&daily=weather_code,temperature_2m_max,temperature_2m_min"
    forecast = s.call("GET", f"/v1/forecast?latitude=47.37&longitude=8.55&{wanted}&timezone=auto", expect=200)
    s.require(forecast and forecast["daily"]["time"][0] == "2026-11-23" and len(forecast["daily"]["time"]) == 7, "7 days from today")
    every = ("current=temperature_2m,apparent_temperature,weather_code,wind_speed_10m,relative_humidity_2m,precipitation,is_day"
             "&daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,wind_speed_10m_max")
    s.call("GET", f"/v1/forecast?latitude=-33.87&longitude=151.21&{every}&temperature_unit=fahrenheit&wind_speed_unit=kn&forecast_days=16", expect=200)
    s.call("GET", "/v1/forecast?latitude=51.5&longitude=-0.12&timezone=Europe/London", expect=200)
    chosen = s.call("GET", f"/v1/forecast?latitude=51.5&longitude=-0.12&{wanted}&timezone=UTC&start_date=2026-11-21&end_date=2026-11-27", expect=200)
    s.require(chosen and chosen["daily"]["time"] == [f"2026-11-{day}" for day in range(21, 28)], f"start_date to end_date: {chosen}")
    for dates in ["start_date=2026-11-23", "start_date=2027-01-01&end_date=2027-01-02", "start_date=2026-11-25&end_date=2026-11-24"]:
        s.call("GET", f"/v1/forecast?latitude=51.5&longitude=-0.12&{wanted}&{dates}", expect=400)
    for query in ["latitude=51.5", "latitude=95&longitude=0", "latitude=1&longitude=1&daily=sunshine", "latitude=1&longitude=1&timezone=Nowhere/Else"]:
        s.call("GET", f"/v1/forecast?{query}", expect=400)


def exercise_flights(s):
    airports = s.call("GET", "/v1/airports", expect=200) or []
    s.require(len(airports) >= 40, f"at least 40 airports, not {len(airports)}")
    s.call("GET", "/v1/airports?query=gva", expect=200)
    s.call("GET", "/v1/airports?query=zurich", expect=200)
    for query in ["from=XXX&to=LGW", "from=LGW&to=lgw", "to=GVA", "from=LGW&to=GVA&passengers=none"]:
        s.call("GET", f"/v1/availability?{query}&date={TOMORROW}", expect=422)
    for query in ["date=24.11.2026", "date=2026-11-22", f"date={TOMORROW}&passengers=10"]:
        s.call("GET", f"/v1/availability?from=LGW&to=GVA&{query}", expect=422)
    # A flown route, and a flight of it with 2 seats (one flight in six starts with 2).
    codes = [airport["code"] for airport in airports]
    flown, nearly_full = None, None
    for origin in codes[:3]:
        for destination in codes:
            if origin == destination or nearly_full:
                continue
            flights = s.call("GET", f"/v1/availability?from={origin}&to={destination}&date={TOMORROW}&passengers=2", expect=200)
            if flights and flights["flights"]:
                flown = flown or next((f for f in flights["flights"] if f["seatsLeft"] > 2), None)
                nearly_full = next((f for f in flights["flights"] if f["seatsLeft"] == 2), None)
    s.require(flown and nearly_full, "found no flown route, or no flight with 2 seats, from the first three airports")
    if not (flown and nearly_full):
        return
    booking = s.call("POST", "/v1/bookings", {"flightId": flown["id"], "passengers": 2}, 201)
    s.require(booking and booking["total"]["amount"] == round(flown["price"]["amount"] * 2, 2), f"total of 2 seats: {booking}")
    s.call("POST", "/v1/bookings", {"flightId": nearly_full["id"], "passengers": 3}, 409)
    s.call("POST", "/v1/bookings", {"flightId": nearly_full["id"], "passengers": 2}, 201)
    s.call("POST", "/v1/bookings", {"flightId": nearly_full["id"], "passengers": 1}, 409)
    origin, destination = nearly_full["from"], nearly_full["to"]
    after = s.call("GET", f"/v1/availability?from={origin}&to={destination}&date={TOMORROW}", expect=200)
    left = [f["seatsLeft"] for f in (after or {"flights": []})["flights"] if f["id"] == nearly_full["id"]]
    s.require(left == [0], f"{nearly_full['id']} should have 0 seats left after booking 2, not {left}")
    departed = f"{flown['from']}-{flown['to']}-{TODAY}-1"
    s.call("POST", "/v1/bookings", {"flightId": departed, "passengers": 1}, 422)
    s.call("POST", "/v1/bookings", {"flightId": flown["id"], "passengers": 0}, 422)
    s.call("POST", "/v1/bookings", {"flightId": flown["id"], "passengers": "two"}, 422)
    s.call("POST", "/v1/bookings", {"flightId": "LGW-XXX-20261124-1", "passengers": 1}, 404)
    s.call("POST", "/v1/bookings", raw=b"{flightId}", expect=400)


def exercise_chat(s):
    s.call("GET", "/v1/chat/conversations", expect=200)
    sent = s.call("POST", "/v1/chat/messages", {"conversationId": "ada", "author": "Grace", "text": "Hello Ada"}, 201)
    if sent:
        replies = s.call("GET", f"/v1/chat/messages?conversationId=ada&after={sent['id']}&wait=3", expect=200)
        s.require(replies and [m["author"] for m in replies["messages"]] == ["Ada"], f"the long poll should return Ada's reply: {replies}")
    s.call("GET", "/v1/chat/messages?conversationId=ada", expect=200)
    quiet = s.call("GET", "/v1/chat/messages?conversationId=engines&wait=1", expect=200)
    s.require(quiet == {"messages": []}, f"a poll with nothing new returns an empty list: {quiet}")
    listed = s.call("GET", "/v1/chat/conversations", expect=200)
    s.require(listed and listed["conversations"][0]["lastMessage"]["author"] == "Ada", "ada's last message is Ada's reply")
    s.call("POST", "/v1/chat/messages", {"conversationId": "nobody", "author": "Grace", "text": "Hi"}, 404)
    s.call("POST", "/v1/chat/messages", {"conversationId": "ada", "author": "Grace", "text": "   "}, 422)
    s.call("POST", "/v1/chat/messages", {"conversationId": "ada", "author": "Grace", "text": "x" * 1001}, 422)
    s.call("POST", "/v1/chat/messages", raw=b"{", expect=400)
    s.call("GET", "/v1/chat/messages?conversationId=nobody", expect=404)
    everywhere = s.call("GET", "/v1/chat/messages", expect=200)
    s.require(everywhere and {m["conversationId"] for m in everywhere["messages"]} == {"ada"},
              f"a poll without a conversation hears every one: {everywhere}")
    for query in ["?wait=31", "?conversationId=ada&wait=31", "?conversationId=ada&after=-1"]:
        s.call("GET", f"/v1/chat/messages{query}", expect=422)


def exercise_server(s, document):
    s.call("GET", "/", expect=200)
    s.call("GET", "/v9/nothing", expect=404)
    for method, path in [("POST", "/"), ("PUT", "/v1/users"), ("GET", "/v1/sessions/current"), ("POST", "/v2/top-headlines"), ("DELETE", "/v1/forecast")]:
        s.call(method, path, raw=b"{}" if method in ("POST", "PUT") else None, expect=405)
    for template, item in document["paths"].items():
        for method in METHODS:
            if method in item:
                s.call(method.upper(), template.replace("{id}", "1"), raw=TOO_LARGE, expect=413)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    viper, document_path = sys.argv[1:]
    with open(document_path, encoding="utf-8") as file:
        document = json.load(file)
    checker = Checker(document)
    servers = []
    try:
        servers.append(Server(viper, checker))
        servers.append(Server(viper, checker, "--require-api-key"))
        plain, keyed = servers
        exercise_server(plain, document)
        exercise_users(plain)
        exercise_news(plain, keyed)
        exercise_weather(plain)
        exercise_flights(plain)
        exercise_chat(plain)
        checker.unexercised()
    except Exception as error:  # a crash of the script or the server is a failure too
        checker.fail(f"stopped early: {type(error).__name__}: {error}")
    finally:
        for server in servers:
            server.stop()
    print(f"sample server: {checker.checked} responses checked against the OpenAPI document, {len(checker.failures)} failures")
    sys.exit(1 if checker.failures else 0)


if __name__ == "__main__":
    main()

"""The browser page in a real browser: headless Chromium, driven by Selenium, clicks through the
stories of the hosted apps on `viper serve --listen` and checks what the page shows. A
screenshot of each story's last screen is written to $VIPER_BROWSER_OUTPUT (default
.build/browser-tests)."""

import datetime
import decimal
import os
import re
import signal
import subprocess
import tempfile
import threading
import unittest
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VIPER = os.environ.get("VIPER_BINARY", os.path.join(ROOT, ".build", "debug", "viper"))
OUTPUT = os.environ.get("VIPER_BROWSER_OUTPUT", os.path.join(ROOT, ".build", "browser-tests"))


def serve(*arguments):
    """Starts `viper serve` with `arguments`; returns the process and the URL it serves once it
    says it listens."""
    server = subprocess.Popen([VIPER, "serve", *arguments], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    said = ""
    match = None
    for _ in range(20):
        line = server.stderr.readline()
        said += line
        match = re.search(r"open (http://127\.0\.0\.1:\d+/)", line)
        if match or not line:
            break
    if not match:
        server.kill()
        raise RuntimeError(f"viper serve {' '.join(arguments)} printed no URL: {said!r}")
    # What it logs later is read and dropped, so that a full pipe never stops it.
    def drain():
        with server.stderr:
            server.stderr.read()
    threading.Thread(target=drain, daemon=True).start()
    return server, match.group(1)


class PageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(OUTPUT, exist_ok=True)
        cls.server, cls.url = serve("--listen", "0", "--db", ":memory:")

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()
        cls.server.wait(timeout=20)

    def setUp(self):
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1100,900", "--lang=en-US"]:
            options.add_argument(argument)
        self.browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.browser.get(self.url)
        self.wait_for(lambda: self.one("#status").get_attribute("data-state") == "open" and self.all("[data-app]"))

    def tearDown(self):
        self.browser.quit()

    # Helpers

    def all(self, selector):
        return self.browser.find_elements(By.CSS_SELECTOR, selector)

    def one(self, selector):
        return self.wait_for(lambda: (self.all(selector) or [None])[0])

    def wait_for(self, condition, seconds=20):
        # A render replaces the elements it draws: one found a moment ago may be gone.
        return WebDriverWait(self.browser, seconds, poll_frequency=0.05, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda _: condition())

    def text(self, selector):
        """What the page shows in an element, once it shows it: a scene fades in, and while it is
        transparent Selenium reads no text."""
        return self.wait_for(lambda: self.one(selector).text)

    def screenshot(self, name):
        # A scene that just appeared fades in: wait for it to end (spinners go on forever).
        self.wait_for(lambda: self.browser.execute_script(
            "return document.getAnimations().every((a) => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)"))
        self.browser.save_screenshot(os.path.join(OUTPUT, f"{name}.png"))

    def start(self, app):
        self.one(f"[data-app={app}]").click()

    def title(self, kind):
        """The screen's title: the scene's heading."""
        return self.text(f"[data-kind='{kind}'] .scene-head h2")

    def app_in_address(self):
        return self.browser.execute_script("return new URLSearchParams(location.hash.slice(1)).get('app')")

    def retype(self, element, text):
        """Replaces what a field holds, as a user does: select all, then type over it."""
        element.send_keys(Keys.CONTROL, "a")
        element.send_keys(text)

    def enter_day(self, element, day):
        # A click may open the date picker; focusing puts the caret in the month segment.
        self.browser.execute_script("arguments[0].focus()", element)
        element.send_keys(day.strftime("%m%d%Y"))

    def open_page(self, url):
        self.browser.get(url)
        self.wait_for(lambda: self.one("#status").get_attribute("data-state") == "open" and self.all("[data-app]"))

    def view_model(self, scene):
        """What the engine last rendered for `scene`, as the page holds it."""
        return self.browser.execute_script("return window.viper.viewModels[arguments[0]]", scene)

    # Stories

    def test_todo_add(self):
        """As a user, I add a ToDo due tomorrow: the Add screen opens as a modal, Save is enabled
        once both fields are set, and the list shows the ToDo under Tomorrow."""
        self.start("todo")
        self.assertEqual("ToDos", self.title("todo.list"))
        self.assertEqual("+ Add a ToDo", self.text("[data-kind='todo.list'] [data-event=addTapped]").replace("\n", " "))
        self.one("[data-kind='todo.list'] [data-event=addTapped]").click()
        self.wait_for(lambda: self.all("[data-modal] [data-kind='todo.add']"))
        self.assertEqual("New ToDo", self.title("todo.add"))
        save = self.one("[data-event=saveTapped]")
        self.assertFalse(save.is_enabled(), "Save starts disabled")
        self.one("[data-event=titleChanged]").send_keys("Buy milk")
        tomorrow = datetime.date.today() + datetime.timedelta(days=1)
        due = self.one("[data-event=dueDateChanged]")
        self.browser.execute_script("arguments[0].focus()", due)
        due.send_keys(tomorrow.strftime("%m%d%Y"))
        self.wait_for(lambda: self.one("[data-event=saveTapped]").is_enabled())
        self.one("[data-event=saveTapped]").click()
        self.wait_for(lambda: not self.all("[data-modal]"))
        page = self.one("[data-kind='todo.list']").text
        self.assertIn("TOMORROW", page.upper())
        self.assertIn("Buy milk", page)
        self.screenshot("todo-add")

    def test_chat_reply_arrives_by_itself(self):
        """As a user, I write to Ada and, typing nothing more, see her answer appear."""
        self.start("chat")
        self.assertEqual("Chats", self.title("chat.inbox"))
        self.wait_for(lambda: self.all("[data-event=conversationTapped]"))
        person = self.text("[data-event=conversationTapped] [data-field=title]")
        self.all("[data-event=conversationTapped]")[0].click()
        self.wait_for(lambda: self.all("[data-kind='chat.conversation']"))
        # The app gives the conversation no title of its own: the person's name is its title.
        self.wait_for(lambda: self.title("chat.conversation") == person)
        text = self.one("[data-event=inputTextChanged]")
        self.assertEqual("Message…", text.get_attribute("placeholder"))
        label = self.one(f"label[for='{text.get_attribute('id')}']")
        self.assertEqual("Message", label.get_attribute("textContent"))
        self.assertEqual("Send", self.text("[data-kind='chat.conversation'] [data-event=sendButtonTapped]"))
        text.send_keys("Shall we start with B7?")
        self.wait_for(lambda: self.one("[data-event=sendButtonTapped]").is_enabled())
        self.one("[data-event=sendButtonTapped]").click()
        self.wait_for(lambda: "A good question" in self.one("[data-kind='chat.conversation']").text)
        self.assertIn("Shall we start with B7?", self.one("[data-kind='chat.conversation']").text)
        self.screenshot("chat-reply")

    def test_news_detail_and_back(self):
        """As a reader, I open a headline and come back to the list with the back button."""
        self.start("news")
        self.wait_for(lambda: self.all("[data-kind='news.list'] [data-event=articleTapped]"))
        self.assertEqual("Top headlines", self.title("news.list"))
        # A list that loaded says nothing about it: no "Loaded" badge.
        state = self.one("[data-kind='news.list'] [data-field=state][data-value=loaded]")
        self.assertFalse(state.is_displayed(), "no badge for a loaded list")
        self.assertNotIn("Loaded", self.one("[data-kind='news.list'] .scene-head").text)
        self.all("[data-kind='news.list'] [data-event=articleTapped]")[0].click()
        self.wait_for(lambda: self.all("[data-kind='news.detail']"))
        self.assertEqual("Article", self.title("news.detail"))
        self.one("[data-action=back]").click()
        self.wait_for(lambda: not self.all("[data-kind='news.detail']"))
        self.assertTrue(self.all("[data-kind='news.list']"))
        self.screenshot("news-back")

    def test_accounts_sign_up_log_out_and_in(self):
        """As a new user, I sign up with a username, a display name and a password, arrive at my
        home screen greeted by my display name, log out, fail once with a wrong password, and log
        in again with the right one."""
        self.start("accounts")
        self.one("[data-kind='accounts.prompt'] [data-event=signUpTapped]").click()
        self.wait_for(lambda: self.all("[data-modal] [data-kind='accounts.signup']"))
        # Its first render lists what is missing and disables Sign up.
        self.assertIn("A password is at least 10 characters", self.text("[data-kind='accounts.signup'] [data-field=problems]"))
        self.assertFalse(self.one("[data-modal] [data-event=signUpTapped]").is_enabled(), "Sign up starts disabled")
        self.one("[data-event=usernameChanged]").send_keys("Grace")
        self.one("[data-event=displayNameChanged]").send_keys("Grace Hopper")
        self.one("[data-event=passwordChanged]").send_keys("correct horse battery")
        self.wait_for(lambda: self.one("[data-modal] [data-event=signUpTapped]").is_enabled())
        self.assertEqual("grace", self.one("[data-event=usernameChanged]").get_attribute("value"), "the username shows lowercased")
        self.one("[data-modal] [data-event=signUpTapped]").click()

        self.wait_for(lambda: self.all("[data-kind='accounts.home'] [data-field=displayName]"))
        self.assertFalse(self.all("[data-modal]"), "the sign-up form is gone")
        self.assertEqual("Grace Hopper", self.text("[data-kind='accounts.home'] [data-field=displayName]"))
        self.assertEqual("grace", self.text("[data-kind='accounts.home'] [data-field=username]"))
        self.assertNotIn("correct horse battery", self.browser.page_source)

        self.one("[data-kind='accounts.home'] [data-event=logOutTapped]").click()
        self.wait_for(lambda: self.all("[data-kind='accounts.prompt']") and not self.all("[data-kind='accounts.home']"))
        self.one("[data-kind='accounts.prompt'] [data-event=logInTapped]").click()
        self.wait_for(lambda: self.all("[data-modal] [data-kind='accounts.login']"))
        self.one("[data-kind='accounts.login'] [data-field=isWorking]")  # its first render
        self.assertFalse(self.one("[data-modal] [data-event=logInTapped]").is_enabled(), "Log in starts disabled")
        self.one("[data-kind='accounts.login'] [data-event=usernameChanged]").send_keys("grace")
        password = self.one("[data-kind='accounts.login'] [data-event=passwordChanged]")
        password.send_keys("wrong horse battery")
        self.wait_for(lambda: self.one("[data-modal] [data-event=logInTapped]").is_enabled())
        self.one("[data-modal] [data-event=logInTapped]").click()
        self.assertEqual("The username or the password is wrong.", self.text("[data-kind='accounts.login'] [data-field=errorMessage]"))
        self.assertEqual("grace", self.one("[data-kind='accounts.login'] [data-event=usernameChanged]").get_attribute("value"),
            "what was typed stays after a failure")

        self.retype(password, "correct horse battery")
        self.wait_for(lambda: self.one("[data-modal] [data-event=logInTapped]").is_enabled())
        password.send_keys(Keys.ENTER)  # Enter does what the main button does
        self.wait_for(lambda: self.all("[data-kind='accounts.home'] [data-field=displayName]"))
        self.assertFalse(self.all("[data-modal]"), "the login form is gone")
        self.assertEqual("Grace Hopper", self.text("[data-kind='accounts.home'] [data-field=displayName]"))
        self.assertEqual(datetime.date.today().isoformat(),
            self.one("[data-kind='accounts.home'] [data-field=memberSince]").get_attribute("datetime"))
        self.assertFalse(self.one("[data-kind='accounts.home'] [data-field=isOffline]").is_displayed(), "not offline")
        self.screenshot("accounts-log-in-again")

    def test_weather_add_place_and_see_its_week(self):
        """As a user, I search for Lisbon, pick it, see it in my list with the weather now, open its
        seven-day forecast and go back to the list."""
        self.start("weather")
        self.assertEqual("Your places", self.title("weather.list"))
        self.one("[data-kind='weather.list'] [data-event=addTapped]").click()
        self.wait_for(lambda: self.all("[data-modal] [data-kind='weather.add']"))
        self.assertEqual("Add a place", self.title("weather.add"))
        self.assertEqual("Search", self.one("[data-kind='weather.add'] .field-label").text)
        self.one("[data-kind='weather.add'] [data-event=queryChanged]").send_keys("Lis")
        result = "[data-kind='weather.add'] [data-event=resultTapped][data-item='2267057']"
        self.assertEqual("Lisbon", self.text(f"{result} [data-field=name]"))
        self.assertEqual("Lisbon, Portugal", self.text(f"{result} [data-field=detail]"))
        self.one(result).click()

        self.wait_for(lambda: not self.all("[data-modal]"))
        lisbon = "[data-kind='weather.list'] [data-event=locationTapped][data-item='2267057']"
        # The list shows "Region, Country" at once, then the weather now: "62°F, Clear sky".
        self.wait_for(lambda: re.fullmatch(r"-?\d+°F, .+", self.one(f"{lisbon} [data-field=detail]").text))
        self.assertEqual(1, len(self.all(lisbon)), "Lisbon is listed once")
        self.assertEqual("Lisbon", self.text(f"{lisbon} [data-field=name]"))
        self.assertFalse(self.all("[data-kind='weather.list'] [data-field=errorMessage]"))

        self.one(lisbon).click()
        self.wait_for(lambda: self.all("[data-kind='weather.detail'] [data-field=state][data-value=loaded]"))
        detail = "[data-kind='weather.detail']"
        self.assertEqual("Forecast", self.title("weather.detail"))
        self.assertFalse(self.one(f"{detail} [data-field=state]").is_displayed(), "no badge for a loaded forecast")
        self.assertEqual("Lisbon", self.text(f"{detail} [data-field=name]"))
        self.assertEqual("Lisbon, Portugal", self.text(f"{detail} [data-field=region]"))
        self.assertRegex(self.text(f"{detail} [data-field=current] [data-field=temperature]"), r"^-?\d+°F$")
        days = [d.get_attribute("datetime") for d in self.all(f"{detail} [data-field=days] time[data-field=day]")]
        today = datetime.date.today()
        self.assertEqual([(today + datetime.timedelta(days=n)).isoformat() for n in range(7)], days, "seven days from today")

        self.one("[data-kind='weather.detail'] [data-action=back]").click()
        self.wait_for(lambda: not self.all("[data-kind='weather.detail']"))
        self.wait_for(lambda: re.fullmatch(r"-?\d+°F, .+", self.one(f"{lisbon} [data-field=detail]").text))
        self.assertEqual(1, len(self.all(lisbon)))
        self.screenshot("weather-add-detail-back")

    def test_flights_search_pick_and_book(self):
        """As a traveller, I search flights from Gatwick to Nice for two, pick a flight, see its
        summary with the total for both of us, book it and get a booking reference, look at the
        weather in Nice and come back to my booking."""
        self.start("flights")
        self.one("[data-kind='flights.search'] [data-event=fromChanged]").send_keys("lgw")
        self.one("[data-kind='flights.search'] [data-event=toChanged]").send_keys(" nce")
        self.retype(self.one("[data-kind='flights.search'] [data-event=passengersChanged]"), "2")
        # The engine capitalises and trims the codes, and the page shows its version.
        self.wait_for(lambda: self.one("[data-event=fromChanged]").get_attribute("value") == "LGW")
        self.wait_for(lambda: self.one("[data-event=toChanged]").get_attribute("value") == "NCE")
        self.assertFalse(self.one("[data-event=searchTapped]").is_enabled(), "Search waits for a day")

        # A day a week ahead; should that day have no flight with two seats, the next one.
        day = datetime.date.today() + datetime.timedelta(days=7)
        for _ in range(7):
            self.enter_day(self.one("[data-kind='flights.search'] [data-event=dateChanged]"), day)
            self.wait_for(lambda: self.one("[data-kind='flights.search'] [data-event=searchTapped]").is_enabled())
            self.one("[data-kind='flights.search'] [data-event=searchTapped]").click()
            self.wait_for(lambda: self.all("[data-kind='flights.availability'] [data-field=state][data-value=loaded]"))
            choices = self.all("[data-kind='flights.availability'] [data-event=flightTapped]:not([disabled])")
            if choices:
                break
            self.one("[data-kind='flights.availability'] [data-action=back]").click()
            self.wait_for(lambda: not self.all("[data-kind='flights.availability']"))
            day += datetime.timedelta(days=1)
        else:
            self.fail("no flight with two seats left from LGW to NCE in a week")
        availability = "[data-kind='flights.availability']"
        self.assertEqual("London (LGW) → Nice (NCE)", self.text(f"{availability} [data-field=route]"))
        self.assertEqual(day.isoformat(), self.one(f"{availability} time[data-field=date]").get_attribute("datetime"))
        self.assertEqual("2", self.text(f"{availability} [data-field=passengers]"))

        flight = f"{availability} [data-event=flightTapped][data-item='{choices[0].get_attribute('data-item')}']"
        number = self.text(f"{flight} [data-field=number]")
        departs = self.text(f"{flight} [data-field=departs]")
        price = self.text(f"{flight} [data-field=price]")
        self.assertRegex(price, r"^£\d+\.\d\d$")
        self.assertIn("Seats left", self.one(flight).text)
        self.one(flight).click()

        self.wait_for(lambda: self.all("[data-kind='flights.summary'] [data-field=state][data-value=ready]"))
        summary = "[data-kind='flights.summary']"
        self.assertEqual("Your booking", self.title("flights.summary"))
        self.assertFalse(self.one(f"{summary} [data-field=state]").is_displayed(), "no badge for a summary ready to book")
        self.assertEqual(number, self.text(f"{summary} [data-field=flightNumber]"))
        self.assertEqual(f"{day.isoformat()} {departs}", self.text(f"{summary} [data-field=departs]"))
        self.assertEqual(f"£{decimal.Decimal(price[1:]) * 2}", self.text(f"{summary} [data-field=total]"))
        self.assertFalse(self.all(f"{summary} [data-field=reference]"), "no reference before booking")

        self.one(f"{summary} [data-event=bookTapped]").click()
        self.wait_for(lambda: self.all(f"{summary} [data-field=state][data-value=booked]"))
        reference = self.text(f"{summary} [data-field=reference]")
        self.assertRegex(reference, r"^EZ[0-9A-Z]{6}$")
        self.assertFalse(self.all(f"{summary} [data-field=errorMessage]"))

        self.assertEqual("Weather at the destination", self.text(f"{summary} [data-event=destinationWeatherTapped]"))
        self.one(f"{summary} [data-event=destinationWeatherTapped]").click()
        self.wait_for(lambda: self.all("[data-kind='weather.detail'] [data-field=state][data-value=loaded]"))
        # Weather's screen in Flights says whose it is.
        self.assertEqual("Weather", self.one("[data-kind='weather.detail'] .eyebrow").get_attribute("textContent"))
        self.assertEqual("Nice", self.text("[data-kind='weather.detail'] [data-field=name]"))
        self.assertEqual(7, len(self.all("[data-kind='weather.detail'] [data-field=days] > li")))
        self.one("[data-kind='weather.detail'] [data-action=back]").click()
        self.wait_for(lambda: not self.all("[data-kind='weather.detail']"))
        self.assertEqual(reference, self.text(f"{summary} [data-field=reference]"), "the booking stays as it was")
        self.assertTrue(self.all(f"{summary} [data-field=state][data-value=booked]"))
        self.screenshot("flights-booked")

    def test_app_cards_say_what_each_app_is(self):
        """As a user choosing an app, I read each app's name and what it is for, in its own words,
        and nothing of how the engine counts its scenes."""
        news = self.one("[data-app=news]")
        self.assertEqual("News", news.find_element(By.CSS_SELECTOR, ".app-name").text)
        self.assertEqual("The top headlines, and each article on a screen of its own.",
            news.find_element(By.CSS_SELECTOR, ".app-summary").text)
        self.assertEqual("ToDo", self.text("[data-app=todo] .app-name"))
        apps = self.browser.execute_script("return window.viper.describe.apps")
        self.assertEqual(len(apps), len(self.all("[data-app]")))
        for app in apps:
            card = self.one(f"[data-app='{app['name']}']").text
            self.assertIn(app["title"], card)
            self.assertIn(app["summary"], card)
            self.assertNotRegex(card, r"\bscenes?\b", "no scene count")
        self.screenshot("app-picker")

    def test_todo_empty_list_says_so(self):
        """As a user with nothing to do (a workspace of my own, so no other story's ToDos), I read
        "Nothing to do." and no word of the engine's."""
        self.browser.get(self.url + "?workspace=nothing-to-do")
        self.wait_for(lambda: self.one("#status").get_attribute("data-state") == "open" and self.all("[data-app]"))
        self.start("todo")
        page = "[data-kind='todo.list']"
        self.wait_for(lambda: "Nothing to do." in self.one(page).text)
        self.assertNotIn("No sections yet", self.one(page).text)
        self.assertFalse(self.one(f"{page} [data-field=isEmpty]").is_displayed(), "the empty text says it: no 'Empty' badge")
        self.assertEqual("ToDos", self.title("todo.list"))
        self.screenshot("todo-empty")

    def test_todo_add_survives_the_server_being_killed(self):
        """As a user adding a ToDo, I lose the server in the middle (its process killed): the page
        says it is reconnecting and keeps what I type meanwhile; once the server is back on the
        same database, I am on the Add screen again with my whole title in its field, the due
        date I picked while it was away is taken, saving works, and the list shows the ToDo."""
        with tempfile.TemporaryDirectory() as folder:
            database = ["--db", os.path.join(folder, "viper.sqlite"), "--journal"]
            server, url = serve("--listen", "0", *database)
            try:
                self.open_page(url)
                key = self.browser.execute_script("return window.viper.resumeKey")
                self.assertRegex(key or "", r"^[0-9a-f]{32}$", "a journaled server gives a resume key")
                self.start("todo")
                self.one("[data-kind='todo.list'] [data-event=addTapped]").click()
                scene = self.one("[data-modal] [data-kind='todo.add']").get_attribute("data-scene")
                title = self.one("[data-event=titleChanged]")
                title.send_keys("Call the plumber")
                # The engine answered every keystroke: each is in the journal.
                self.wait_for(lambda: self.browser.execute_script("return window.viper.pending") == 0
                    and self.view_model(scene)["title"] == "Call the plumber")

                # The server stops answering, then dies: the rest of the title is lost on the way.
                server.send_signal(signal.SIGSTOP)
                title.send_keys(" on Monday")
                self.wait_for(lambda: self.browser.execute_script("return window.viper.pending") > 0)
                server.kill()
                server.wait(timeout=20)
                banner = self.one("#connection-status")
                self.wait_for(lambda: banner.is_displayed() and "Reconnecting" in banner.text)
                self.assertEqual("connecting", self.one("#status").get_attribute("data-state"))
                # The page stays usable: a day picked now waits for the session to come back.
                tomorrow = datetime.date.today() + datetime.timedelta(days=1)
                self.enter_day(self.one("[data-event=dueDateChanged]"), tomorrow)
                self.assertEqual("Call the plumber on Monday", title.get_attribute("value"))
                self.screenshot("todo-add-reconnecting")

                server, _ = serve("--listen", str(urllib.parse.urlparse(url).port), *database)
                self.wait_for(lambda: not self.one("#connection-status").is_displayed(), seconds=30)
                self.assertEqual("open", self.one("#status").get_attribute("data-state"))
                new_key = self.browser.execute_script("return window.viper.resumeKey")
                self.assertRegex(new_key or "", r"^[0-9a-f]{32}$")
                self.assertNotEqual(key, new_key, "the same session, resumed, with its next key: a key resumes once")
                self.assertEqual(scene, self.one("[data-modal] [data-kind='todo.add']").get_attribute("data-scene"), "the Add screen again")
                self.assertEqual("New ToDo", self.title("todo.add"))
                self.assertEqual("Call the plumber on Monday", self.one("[data-event=titleChanged]").get_attribute("value"))
                # The screen was never rebuilt under the user: the field they were in still has the focus.
                self.assertEqual("dueDateChanged", self.browser.execute_script("return document.activeElement.dataset.event"))
                # The engine got the text the input shows, and the day picked while it was away.
                self.wait_for(lambda: self.view_model(scene)["title"] == "Call the plumber on Monday")
                self.wait_for(lambda: self.view_model(scene)["dueDate"] == tomorrow.isoformat())

                self.wait_for(lambda: self.one("[data-event=saveTapped]").is_enabled())
                self.one("[data-event=saveTapped]").click()
                self.wait_for(lambda: not self.all("[data-modal]"))
                self.wait_for(lambda: "Call the plumber on Monday" in self.one("[data-kind='todo.list']").text)
                self.assertIn("TOMORROW", self.one("[data-kind='todo.list']").text.upper())
                self.assertFalse(self.one("#toast").is_displayed(), "no error on the way")
                self.screenshot("todo-add-resumed")
            finally:
                server.kill()
                server.wait(timeout=20)

    def test_a_session_the_new_server_does_not_know_starts_the_app_again(self):
        """As a user, I lose the server, and the one that comes back on the same address keeps its
        sessions elsewhere (another database): the page says my session could not be resumed and
        starts ToDo again at its list, where I can go on."""
        with tempfile.TemporaryDirectory() as folder:
            server, url = serve("--listen", "0", "--db", os.path.join(folder, "first.sqlite"), "--journal")
            try:
                self.open_page(url)
                key = self.browser.execute_script("return window.viper.resumeKey")
                self.start("todo")
                self.one("[data-kind='todo.list'] [data-event=addTapped]").click()
                self.one("[data-modal] [data-event=titleChanged]").send_keys("Lost with the session")
                self.wait_for(lambda: self.browser.execute_script("return window.viper.pending") == 0)

                server.kill()
                server.wait(timeout=20)
                self.wait_for(lambda: "Reconnecting" in self.one("#connection-status").text)
                server, _ = serve("--listen", str(urllib.parse.urlparse(url).port), "--db", os.path.join(folder, "second.sqlite"), "--journal")
                banner = self.one("#connection-status")
                self.wait_for(lambda: banner.get_attribute("data-state") == "fresh" and banner.is_displayed(), seconds=30)
                self.assertIn("could not be resumed", banner.text)
                self.assertIn("ToDo started again", banner.text)
                self.wait_for(lambda: self.all("#stage:not([hidden]) [data-kind='todo.list']") and not self.all("[data-modal]"))
                self.assertEqual("open", self.one("#status").get_attribute("data-state"))
                new_key = self.browser.execute_script("return window.viper.resumeKey")
                self.assertRegex(new_key or "", r"^[0-9a-f]{32}$")
                self.assertNotEqual(key, new_key, "a new session, with a key of its own")
                self.one("[data-kind='todo.list'] [data-event=addTapped]").click()
                self.wait_for(lambda: self.all("[data-modal] [data-kind='todo.add']"))
                self.assertEqual("", self.one("[data-event=titleChanged]").get_attribute("value"), "a new Add screen")
                self.screenshot("todo-fresh-session")
            finally:
                server.kill()
                server.wait(timeout=20)

    def test_a_server_that_stays_away_is_given_up_on_with_a_reload_offered(self):
        """As a user whose server does not come back, I am told after half a minute that the page
        gave up, with a button to reload it; once the server is back, Reload brings me to my
        app again (a new session)."""
        with tempfile.TemporaryDirectory() as folder:
            database = ["--db", os.path.join(folder, "viper.sqlite"), "--journal"]
            server, url = serve("--listen", "0", *database)
            try:
                self.open_page(url)
                self.start("todo")
                self.wait_for(lambda: self.all("#stage:not([hidden]) [data-kind='todo.list']"))
                server.kill()
                server.wait(timeout=20)
                banner = self.one("#connection-status")
                self.wait_for(lambda: "Reconnecting" in banner.text)
                self.wait_for(lambda: banner.get_attribute("data-state") == "given-up", seconds=45)
                self.assertIn("reload the page", banner.text)
                self.assertEqual("closed", self.one("#status").get_attribute("data-state"))
                self.assertTrue(self.browser.execute_script("return document.getElementById('main').inert"), "what is on screen is out of date: inert")
                self.screenshot("given-up")

                server, _ = serve("--listen", str(urllib.parse.urlparse(url).port), *database)
                self.one("#reload").click()
                self.wait_for(lambda: self.all("#stage:not([hidden]) [data-kind='todo.list']"))
                self.assertFalse(self.one("#connection-status").is_displayed())
                self.assertEqual("open", self.one("#status").get_attribute("data-state"))
            finally:
                server.kill()
                server.wait(timeout=20)

    def test_a_page_the_server_refuses_says_why(self):
        """As a user who opened the page without the server's token, I am told what the server
        refused, in its own words, not left guessing whether it runs."""
        with tempfile.TemporaryDirectory() as folder:
            token = os.path.join(folder, "token")
            with open(token, "w") as file:
                file.write("0123456789abcdef0123\n")
            server, url = serve("--listen", "0", "--db", ":memory:", "--token-file", token)
            try:
                self.browser.get(url)
                status = self.one("#status")
                self.wait_for(lambda: "refused" in status.text)
                self.assertIn("The server refused the connection (401): this server needs its token", status.text)
                self.screenshot("refused")
                self.open_page(url + "?token=0123456789abcdef0123")
            finally:
                server.kill()
                server.wait(timeout=20)

    def test_a_server_back_without_journals_says_the_screen_was_lost(self):
        """As a user whose server was restarted and keeps no journals, I am told that what the page
        showed was lost with it and why, and I am back in my app, at its first screen."""
        server, url = serve("--listen", "0", "--db", ":memory:")
        try:
            self.open_page(url)
            self.start("todo")
            self.one("[data-kind='todo.list'] [data-event=addTapped]").click()
            self.one("[data-modal] [data-event=titleChanged]").send_keys("Lost with the server")
            self.wait_for(lambda: self.browser.execute_script("return window.viper.pending") == 0)
            server.kill()
            server.wait(timeout=20)
            self.wait_for(lambda: "Reconnecting" in self.one("#connection-status").text)
            server, _ = serve("--listen", str(urllib.parse.urlparse(url).port), "--db", ":memory:")
            banner = self.one("#connection-status")
            self.wait_for(lambda: banner.get_attribute("data-state") == "fresh" and banner.is_displayed(), seconds=30)
            self.assertIn("what this page showed was lost with it: this server keeps no journals", banner.text)
            self.assertIn("ToDo started again", banner.text)
            self.wait_for(lambda: self.all("#stage:not([hidden]) [data-kind='todo.list']") and not self.all("[data-modal]"))
            self.screenshot("no-journal")
        finally:
            server.kill()
            server.wait(timeout=20)

    def test_a_build_of_viper_dev_is_shown_as_a_banner(self):
        """As a developer running `viper dev --listen`, I see on the page that a saved change is
        being built, and why a build failed, with the compiler's errors, while the app goes on
        working; once a build succeeds the banner goes."""
        with tempfile.TemporaryDirectory() as folder:
            status = os.path.join(folder, "status.json")
            server, url = serve("--listen", "0", "--db", ":memory:", "--dev-status-file", status)
            try:
                self.open_page(url)
                self.start("todo")
                banner = self.all("#dev-status")[0]
                self.assertFalse(banner.is_displayed())
                with open(status + ".new", "w") as file:
                    file.write('{"state":"building","text":"A change was saved: building viper…"}')
                os.replace(status + ".new", status)
                self.wait_for(lambda: banner.is_displayed() and "building viper" in banner.text)
                with open(status + ".new", "w") as file:
                    file.write('{"state":"failed","text":"Sources/Apps/TodoApp/Add/TodoAddPresenter.swift:49:56: error: value of type \'TodoDraft\' has no member \'txt\'"}')
                os.replace(status + ".new", status)
                self.wait_for(lambda: "The build failed; the engine that ran goes on" in banner.text)
                self.assertIn("has no member 'txt'", self.one("#dev-status-errors").text)
                self.assertEqual(banner.get_attribute("data-state"), "failed")
                self.screenshot("dev-build-failed")
                # The app goes on working under the banner.
                self.one("[data-kind='todo.list'] [data-event=addTapped]").click()
                self.one("[data-modal] [data-event=titleChanged]")
                with open(status + ".new", "w") as file:
                    file.write('{"state":"ok"}')
                os.replace(status + ".new", status)
                self.wait_for(lambda: not banner.is_displayed())
            finally:
                server.kill()
                server.wait(timeout=20)

    def test_reload_comes_back_in_the_app(self):
        """As a user in an app, I reload the page and am in that app again; back at the app picker,
        a reload leaves me there."""
        self.browser.get(self.url + "?workspace=reload")
        self.wait_for(lambda: self.one("#status").get_attribute("data-state") == "open" and self.all("[data-app]"))
        self.start("weather")
        self.wait_for(lambda: self.all("#stage:not([hidden]) [data-kind='weather.list']"))
        self.assertEqual("weather", self.app_in_address())
        self.browser.refresh()
        self.wait_for(lambda: self.all("#stage:not([hidden]) [data-kind='weather.list']"))
        self.assertEqual("Your places", self.title("weather.list"))
        self.assertEqual("Weather", self.text("#app-name"))
        self.assertIn("workspace=reload", self.browser.current_url, "the query stays as it was")
        self.screenshot("reload-weather")

        self.one("[data-action=apps]").click()
        self.wait_for(lambda: self.one("#start").is_displayed())
        self.assertIsNone(self.app_in_address(), "the app picker is no app")
        self.browser.refresh()
        self.wait_for(lambda: self.one("#status").get_attribute("data-state") == "open" and self.all("[data-app]"))
        self.assertTrue(self.one("#start").is_displayed())
        self.assertFalse(self.all("[data-scene]"), "no app started")

        # An address naming an app the engine does not host opens the picker.
        self.browser.get(self.url + "#app=nonesuch")
        self.wait_for(lambda: self.one("#status").get_attribute("data-state") == "open" and self.all("[data-app]"))
        self.assertTrue(self.one("#start").is_displayed())
        self.assertIsNone(self.app_in_address())

        # Naming one in the address (here in place: no reload) opens it.
        self.browser.get(self.url + "#app=news")
        self.wait_for(lambda: self.all("#stage:not([hidden]) [data-kind='news.list']"))
        self.assertEqual("Top headlines", self.title("news.list"))


if __name__ == "__main__":
    unittest.main()

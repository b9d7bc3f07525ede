"""The browser page in a real browser: headless Chromium, driven by Selenium, clicks through the
stories of the hosted apps on `viper serve --listen` and checks what the page shows. A
screenshot of each story's last screen is written to $VIPER_BROWSER_OUTPUT (default
.build/browser-tests)."""

import datetime
import os
import re
import subprocess
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VIPER = os.environ.get("VIPER_BINARY", os.path.join(ROOT, ".build", "debug", "viper"))
OUTPUT = os.environ.get("VIPER_BROWSER_OUTPUT", os.path.join(ROOT, ".build", "browser-tests"))


class PageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(OUTPUT, exist_ok=True)
        cls.server = subprocess.Popen(
            [VIPER, "serve", "--listen", "0", "--db", ":memory:"], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        said = ""
        for _ in range(20):
            line = cls.server.stderr.readline()
            said += line
            match = re.search(r"open (http://127\.0\.0\.1:\d+/)", line)
            if match or not line:
                break
        if not match:
            cls.server.kill()
            raise RuntimeError(f"viper serve --listen printed no URL: {said!r}")
        cls.url = match.group(1)

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
        return WebDriverWait(self.browser, seconds, poll_frequency=0.05).until(lambda _: condition())

    def screenshot(self, name):
        self.browser.save_screenshot(os.path.join(OUTPUT, f"{name}.png"))

    def start(self, app):
        self.one(f"[data-app={app}]").click()

    # Stories

    def test_todo_add(self):
        """As a user, I add a ToDo due tomorrow: the Add screen opens as a modal, Save is enabled
        once both fields are set, and the list shows the ToDo under Tomorrow."""
        self.start("todo")
        self.one("[data-kind='todo.list'] [data-event=addTapped]").click()
        self.wait_for(lambda: self.all("[data-modal] [data-kind='todo.add']"))
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
        self.wait_for(lambda: self.all("[data-event=conversationTapped]"))
        self.all("[data-event=conversationTapped]")[0].click()
        self.wait_for(lambda: self.all("[data-kind='chat.conversation']"))
        text = self.one("[data-event=inputTextChanged]")
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
        self.all("[data-kind='news.list'] [data-event=articleTapped]")[0].click()
        self.wait_for(lambda: self.all("[data-kind='news.detail']"))
        self.one("[data-action=back]").click()
        self.wait_for(lambda: not self.all("[data-kind='news.detail']"))
        self.assertTrue(self.all("[data-kind='news.list']"))
        self.screenshot("news-back")


if __name__ == "__main__":
    unittest.main()

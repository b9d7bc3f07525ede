// The smallest Swift program that does what a cold start of the engine must do at least:
// start the runtime, write one line, exit.
print("hello")

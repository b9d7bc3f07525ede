import java.util.concurrent.CopyOnWriteArrayList
import viper.apps.Transport

/**
 * `viper serve --db :memory:` (VIPER_BINARY, else `viper` on the PATH) in a process of its own,
 * its pipes as the session's transport. An Android app would give a WebSocket instead.
 */
class EngineProcess : Transport {
    private val process = ProcessBuilder(System.getenv("VIPER_BINARY") ?: "viper", "serve", "--db", ":memory:")
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start()
    private val input = process.outputStream.bufferedWriter(Charsets.UTF_8)
    private val closeListeners = CopyOnWriteArrayList<(Throwable?) -> Unit>()

    override fun send(line: String) = synchronized(input) {
        input.write(line)
        input.write("\n")
        input.flush()
    }

    override fun onLine(listener: (String) -> Unit) {
        val reader = Thread {
            process.inputStream.bufferedReader(Charsets.UTF_8).forEachLine(listener)
            closeListeners.forEach { it(null) }
        }
        reader.isDaemon = true
        reader.start()
    }

    override fun onClose(listener: (Throwable?) -> Unit) {
        closeListeners.add(listener)
    }

    /** Ends the engine's input and waits for it to exit. */
    fun close(): Int {
        input.close()
        return process.waitFor()
    }
}

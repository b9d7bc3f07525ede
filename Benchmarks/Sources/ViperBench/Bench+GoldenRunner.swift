/// The golden-file runner (`viper test`, issue 3): transcripts per second in process and with
/// `--exec`. Measured once the runner exists; until then the row says so.
extension Bench {
    func goldenRunner() throws -> [Row] {
        let probe = try Child(viper, ["test", "--help"]).run()
        guard probe.status == 0 else {
            return [Row("golden runner: transcripts/s in process and with `--exec`",
                        viper: "not measured", reference: "`viper test` does not exist yet (issue 3)")]
        }
        return [Row("golden runner: transcripts/s in process and with `--exec`",
                    viper: "not measured", reference: "`viper test` exists; bin/bench does not measure it yet")]
    }
}

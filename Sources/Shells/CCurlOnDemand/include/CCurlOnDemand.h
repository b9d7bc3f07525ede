// libcurl loaded when URLSession first needs it, not when viper starts: see CurlOnDemand.c.
// Nothing here is called from Swift; the target is linked into the `viper` executable for the
// functions CurlOnDemand.c defines, which the static FoundationNetworking calls.

// Every test target imports TestSupport alone: the process and bus helpers it shares with
// orientd-bench, and the seeded generator it shares with the core's tests, come with it.
@_exported import ProcessSupport
@_exported import SeededRandom

/// The name test code has always thrown and caught for a helper's failure.
public typealias TestSupportError = ProcessSupportError

// orientd-bench: orientd measured against the bus's own floor (see BENCHMARKS.md).
import Glibc

exit(Bench.main(Array(CommandLine.arguments.dropFirst())))

import Foundation
import GLibBridge
import TestSupport
import XCTest

final class WorkerThreadTests: XCTestCase {
    /// The names of this process's threads (`/proc/self/task/*/comm`).
    private func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    func testJobsRunInOrderOnOneThreadOfTheirOwn() throws {
        let worker = WorkerThread(name: "test-worker-a")
        let caller = pthread_self()
        let ran = LockedValue<[(Int, pthread_t)]>([])
        for index in 0..<50 {
            worker.run { ran.withLock { $0.append((index, pthread_self())) } }
        }
        try eventually("the 50 jobs") { ran.value.count == 50 }
        let jobs = ran.value
        XCTAssertEqual(jobs.map(\.0), Array(0..<50), "in the order given")
        XCTAssertEqual(Set(jobs.map { UInt($0.1) }).count, 1, "one thread runs them all")
        XCTAssertFalse(pthread_equal(jobs[0].1, caller) != 0, "not on the caller's thread")
        XCTAssertEqual(threadNames().filter { $0 == "test-worker-a" }.count, 1)
    }

    func testNoThreadUntilTheFirstJobAndNoneAfterTheWorkerIsReleased() throws {
        var worker: WorkerThread? = WorkerThread(name: "test-worker-b")
        XCTAssertFalse(threadNames().contains("test-worker-b"), "a worker with no job yet has no thread")
        let ran = LockedValue(false)
        worker!.run { ran.withLock { $0 = true } }
        try eventually("the job") { ran.value }
        XCTAssertTrue(threadNames().contains("test-worker-b"))
        worker = nil
        try eventually("the thread to end once the worker is released") { !threadNames().contains("test-worker-b") }
    }

    func testAJobGivenDuringALongOneWaitsForIt() throws {
        let worker = WorkerThread(name: "test-worker-c")
        let first = LockedValue(false), second = LockedValue(false)
        let release = LockedValue(false)
        worker.run {
            while !release.value { usleep(1_000) }
            first.withLock { $0 = true }
        }
        worker.run { second.withLock { $0 = first.value } }
        release.withLock { $0 = true }
        try eventually("the second job") { second.value }
    }
}

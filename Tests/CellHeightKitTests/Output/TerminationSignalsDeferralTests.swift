import Foundation
import Testing
@testable import CellHeightKit

/// Issue 31, item 8: while an output's temporary file exists, every signal that would end the
/// process waits (SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM left a temporary file behind before).
@Suite("termination signals deferral")
struct TerminationSignalsDeferralTests {
    /// How often each signal (by number) reached its handler; the tests run in parallel, each
    /// with its own signal, so each writes its own element (no array, whose accesses would overlap).
    nonisolated(unsafe) static let received: UnsafeMutablePointer<Int32> = {
        let counts = UnsafeMutablePointer<Int32>.allocate(capacity: 65)
        counts.initialize(repeating: 0, count: 65)
        return counts
    }()

    @Test("a signal that ends the process by default waits until end(), then arrives",
          arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGXCPU])
    func heldBack(_ signalNumber: Int32) throws {
        var action = sigaction(), previous = sigaction()
        action.__sigaction_handler.sa_handler = { TerminationSignalsDeferralTests.received[Int($0)] += 1 }
        sigemptyset(&action.sa_mask)
        #expect(sigaction(signalNumber, &action, &previous) == 0)
        defer { sigaction(signalNumber, &previous, nil) }
        // The test runner's threads may block the signal already: unblocked here, as in the run.
        var unblocked = sigset_t(), runnerMask = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &runnerMask)
        defer { pthread_sigmask(SIG_SETMASK, &runnerMask, nil) }
        Self.received[Int(signalNumber)] = 0
        let deferral = TerminationSignalsDeferral()
        raise(signalNumber)  // to this thread, which blocks it
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, signalNumber) == 1)
        #expect(Self.received[Int(signalNumber)] == 0)
        deferral.end()
        #expect(Self.received[Int(signalNumber)] == 1)
    }

    @Test("faults and job control are not held back")
    func leftOut() {
        var signals = TerminationSignalsDeferral.signals
        for signal in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTSTP, SIGCONT, SIGCHLD] {
            #expect(sigismember(&signals, signal) == 0, "signal \(signal)")
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds back SIGINT, SIGTERM and SIGHUP from its creation until `end()`, when any that arrived
/// meanwhile is delivered (with its default action: the process ends with 130, 143 or 129).
///
/// Blocking is simpler than a handler that cleans up: nothing else has to know about the file
/// being written, and no async-signal-unsafe code runs in a handler.
struct TerminationSignalsDeferral {
    private var previousMask = sigset_t()

    init() {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        sigprocmask(SIG_BLOCK, &blocked, &previousMask)
    }

    func end() {
        var mask = previousMask
        sigprocmask(SIG_SETMASK, &mask, nil)
    }
}

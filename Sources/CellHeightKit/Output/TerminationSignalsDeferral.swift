#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds back every signal that ends the process by default and can be sent from outside (SIGINT,
/// SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR,
/// SIGXCPU, the real-time signals ...) from its creation until `end()`, when any that arrived
/// meanwhile is delivered with its default action (the process ends with 128 + the signal: 130,
/// 143, 129, 131 ...).
///
/// Blocking is simpler than a handler that cleans up: nothing else has to know about the file
/// being written, and no async-signal-unsafe code runs in a handler. Left out: the signals of a
/// fault in the process itself (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT), which
/// the kernel delivers even blocked, and those that stop, continue or are ignored by default.
struct TerminationSignalsDeferral {
    private var previousMask = sigset_t()

    /// The signals held back.
    static var signals: sigset_t {
        var blocked = sigset_t()
        sigfillset(&blocked)
        for signal in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT,
                       SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGCHLD, SIGWINCH, SIGURG] {
            sigdelset(&blocked, signal)
        }
        return blocked
    }

    init() {
        var blocked = Self.signals
        sigprocmask(SIG_BLOCK, &blocked, &previousMask)
    }

    func end() {
        var mask = previousMask
        sigprocmask(SIG_SETMASK, &mask, nil)
    }
}

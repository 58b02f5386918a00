import CellHeightKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the terminal's last line is a progress line (`drawProgress`), not ended by a line break.
nonisolated(unsafe) var progressLineIsShown = false

/// `text` as written to standard error: after a progress line, a diagnostic first clears it (it
/// would otherwise be glued to it: `... ETA 0 s<file>:108001: ...`); the next update redraws it.
/// A progress line's own text (it starts with "\r") goes as it is.
func clearingProgressLine(_ text: String) -> String {
    guard progressLineIsShown, !text.hasPrefix("\r") else { return text }
    progressLineIsShown = false
    return "\r\u{1B}[K" + text
}

/// Writes `text` to standard error as it is, retrying short and interrupted writes, and ignores
/// any failure: a diagnostic that cannot be shown (`2>/dev/full`, a closed pipe) must never stop
/// the run, and above all never the result from being written.
func writeToStandardError(_ text: String) {
    var bytes = Array(clearingProgressLine(text).utf8)
    bytes.withUnsafeMutableBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}

/// Writes one message, `cellheight: MESSAGE`, on a line of its own: control characters inside the
/// message are escaped (see `messageText`), so it is always exactly one line.
func writeErrorMessage(_ message: String) {
    writeToStandardError("cellheight: " + messageLine(message) + "\n")
}

/// Sets the process up for writing output safely; called once, first thing:
/// - SIGPIPE and SIGXFSZ are ignored, so that a closed pipe or a file-size limit (`ulimit -f`)
///   turns into an error of the write (EPIPE, EFBIG) that is handled (the temporary file of an
///   atomic write is removed, standard error failing is ignored) instead of ending the process;
/// - standard input, output and error are kept open: a closed one is opened on /dev/null, so
///   that no file the run opens later can take its number (a diagnostic would then land in the
///   output file). Standard output is opened read-only, so writing results to it fails with a
///   message instead of vanishing.
/// - the font files the engine reads are recorded with the other files read (`FilesRead`), so
///   that no output replaces one.
func prepareProcessForOutput() {
    FilesRead.recordsFontFiles()
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    for (descriptor, flags) in [(STDIN_FILENO, O_RDONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_WRONLY)] {
        guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
        if descriptor == STDIN_FILENO { standardInputWasClosed = true }
        let opened = open("/dev/null", flags)
        if opened >= 0, opened != descriptor {
            dup2(opened, descriptor)
            close(opened)
        }
    }
}

/// Draws a run's progress line on standard error (see `HeightRunRequest.progressOutput`).
func drawProgress(_ text: String) {
    writeToStandardError(text)
    // A drawn line (not its clearing at the end) stays until a message clears it.
    progressLineIsShown = !text.hasSuffix("\u{1B}[K")
}

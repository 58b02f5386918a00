/// The search for the narrowest width at which a row fits its budget ("fits at" of a violation):
/// the smallest whole number of LayoutUnits (1/64 px, the resolution Chromium lays lines out at)
/// above a width the row does not fit at. Greedy wrapping needs no more lines at a wider width,
/// so "fits" flips once, from false to true, as the width grows.
///
/// Each probe is a layout. A plain bisection takes some fifteen; this one asks fewer, with what a
/// layout tells besides "fits": the widths that give the same lines (every width the layout's
/// decisions hold for, see `TrackedWrapLimit`: the answer is known for all of them), and a guess
/// at the answer (from how full the lines are). Guesses only choose where to probe next: the
/// answer is exact whatever they are, and a guess that does not narrow the search is followed by
/// a bisection step, so a poor guess costs at most about twice a bisection's probes.
struct FittingWidthSearch {
    /// What one layout says.
    struct Probe: Equatable {
        var fits: Bool
        /// The widths, in LayoutUnits, that give the same lines as the probed one (it among them):
        /// the row fits at all of them or at none.
        var sameLines: ClosedRange<Int>
        /// Where the narrowest fitting width may be, in LayoutUnits; nil for no idea.
        var guess: Int?

        /// A probe that knows no more than its own width's answer.
        init(fits: Bool, at unit: Int) {
            self.fits = fits
            self.sameLines = unit...unit
        }

        init(fits: Bool, sameLines: ClosedRange<Int>, guess: Int?) {
            self.fits = fits
            self.sameLines = sameLines
            self.guess = guess
        }
    }

    /// The narrowest width in `(tooNarrow, maximum]` LayoutUnits at which `probe` fits; nil when
    /// it does not fit even at `maximum`. `firstGuess` is where to look first (nil: doubling
    /// from `tooNarrow`, as a plain search).
    ///
    /// Without guesses and ranges it probes what a plain search does: doubling from
    /// `tooNarrow` until it fits, then bisection.
    static func narrowest(above tooNarrow: Int, maximum: Int, firstGuess: Int?, probe: (Int) -> Probe) -> Int? {
        var low = tooNarrow  // the widest width known not to fit
        var high: Int?  // the narrowest known to fit
        var guess = firstGuess
        // A guess lands on one side of the answer or the other: after a probe on one side, the
        // next one is pushed at least this far towards the other, twice as far each time in a row.
        var push = initialPush
        var lastFitted = false
        // Whether the last probe at a guess halved the interval (once both ends are known): if
        // not, the next probe bisects.
        var guessesHelp = true
        while true {
            let unit: Int
            var usesGuess = false
            if let high {
                if high <= low + 1 { return high }
                if guessesHelp, let guess {
                    let pushed = lastFitted ? min(guess, high - push) : max(guess, low + push)
                    unit = min(max(pushed, low + 1), high - 1)
                    usesGuess = true
                } else {
                    unit = low + (high - low) / 2
                }
            } else {
                if low >= maximum { return nil }
                if let guess {
                    unit = min(max(guess, low + push), maximum)
                } else {
                    unit = min(max(2 * low, 64), maximum)
                }
            }
            let interval = high.map { $0 - low }
            let answer = probe(unit)
            // (The probed width counts whatever the range says: every probe narrows the search.)
            if answer.fits {
                high = min(high ?? Int.max, answer.sameLines.lowerBound, unit)
            } else {
                low = max(low, min(answer.sameLines.upperBound, maximum), unit)
            }
            push = answer.fits == lastFitted ? 2 * push : initialPush
            lastFitted = answer.fits
            if let interval, let high, usesGuess { guessesHelp = 2 * (high - low) <= interval } else { guessesHelp = true }
            guess = answer.guess
        }
    }

    /// How far past a guess the first probe towards the other side goes: a quarter px (on 100k
    /// rows of prose, about as good as 1/64 px or 1 px, and better than 4 px or more).
    static let initialPush = 16
}

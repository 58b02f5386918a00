/// A text cut in two at every byte place (a place inside a character cuts it), for tests of
/// scans that go eight bytes at a time: whatever the place, they must give what a short text gives.
package func cutsAtEveryPlace(of text: String) -> [(before: String, after: String)] {
    (0...text.utf8.count).map { place in
        (String(decoding: text.utf8.prefix(place), as: UTF8.self), String(decoding: text.utf8.dropFirst(place), as: UTF8.self))
    }
}

import Foundation

/// The translations in a GNU gettext `.mo` file (the system's, under /usr/share/locale: real text
/// of many scripts), each plural form apart, in the file's order, without the header entry; nil
/// when the file cannot be read or is not a little-endian `.mo` file (what msgfmt writes here).
///
/// Read here, apart from the kit's catalog readers, so that the engine's tests get real text
/// without the kit.
package func gettextTranslations(atPath path: String) -> [String]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let bytes = [UInt8](data)
    func word(_ offset: Int) -> Int? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    guard word(0) == 0x9504_12DE, let count = word(8), let originals = word(12), let translations = word(16) else {
        return nil
    }
    var texts: [String] = []
    for index in 0..<count {
        guard let originalLength = word(originals + 8 * index), let length = word(translations + 8 * index),
              let offset = word(translations + 8 * index + 4), offset + length <= bytes.count else { return nil }
        if originalLength == 0 { continue }  // the header
        for form in bytes[offset..<(offset + length)].split(separator: 0, omittingEmptySubsequences: false) {
            texts.append(String(decoding: form, as: UTF8.self))
        }
    }
    return texts
}

/// The paragraphs of real messages in every language with installed catalogs: the first
/// `messages` messages of the first `catalogs` catalogs of each locale, split at line feeds.
package func installedCatalogParagraphs(catalogs: Int = 3, messages: Int = 200) -> [[UInt16]] {
    let locales = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/share/locale")) ?? []).sorted()
    var paragraphs: [[UInt16]] = []
    for locale in locales {
        let directory = "/usr/share/locale/\(locale)/LC_MESSAGES"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        for name in names.prefix(catalogs) where name.hasSuffix(".mo") {
            for message in (gettextTranslations(atPath: directory + "/" + name) ?? []).prefix(messages) {
                paragraphs += message.split(separator: "\n").map { Array($0.utf16) }
            }
        }
    }
    return paragraphs
}

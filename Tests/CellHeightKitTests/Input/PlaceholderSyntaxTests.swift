import Testing
@testable import CellHeightKit

/// Issue 15: placeholders known per format, each a number or a string.
@Suite("placeholders: the syntaxes of each format")
struct PlaceholderSyntaxTests {
    /// The placeholders found, as the text they cover and their kind ("n" number, "s" string, "%" a percent sign).
    static func found(_ text: String, _ syntax: PlaceholderSyntax) -> [String] {
        let bytes = Array(text.utf8)
        return syntax.placeholders(in: text).map { placeholder in
            let kind = placeholder.kind.map { $0 == .number ? "n" : "s" } ?? "%"
            return String(decoding: bytes[placeholder.range], as: UTF8.self) + " " + kind
        }
    }

    @Test("printf: C, gettext, Python and Java conversions", arguments: [
        ("%s / %s available", ["%s s", "%s s"]),
        ("Opening %d Item", ["%d n"]),
        ("%1$s of %2$d, %lld bytes, %.2f%%, %5.1f", ["%1$s s", "%2$d n", "%lld n", "%.2f n", "%% %", "%5.1f n"]),
        ("%Id files, %'d and %,d (Java)", ["%Id n", "%'d n", "%,d n"]),
        ("%(name)s has %(count)d", ["%(name)s s", "%(count)d n"]),
        ("%@ is not printf", []),
        ("100 % sûr, 50 % de, %y unknown", []),
    ])
    func printf(_ text: String, _ expected: [String]) {
        #expect(Self.found(text, .printf) == expected)
    }

    @Test("Apple: %@ and %1$@ beside printf's", arguments: [
        ("%@ deleted %lld files", ["%@ s", "%lld n"]),
        ("%1$@ and %2$@", ["%1$@ s", "%2$@ s"]),
    ])
    func apple(_ text: String, _ expected: [String]) {
        #expect(Self.found(text, [.printf, .apple]) == expected)
    }

    @Test("braces: ICU simple arguments and Python's brace format; double braces: interpolation", arguments: [
        ("Open {name} in {0}", ["{name} s", "{0} s"]),
        ("{count, number} of {total, number, integer}, {when, date, short}", ["{count, number} n", "{total, number, integer} n", "{when, date, short} s"]),
        ("Hello {{ user.name }} and {{count}}", ["{{ user.name }} s", "{{count}} s"]),
        ("{ not a name }, {a b}, {}", []),
    ])
    func braces(_ text: String, _ expected: [String]) {
        #expect(Self.found(text, [.braces, .doubleBraces]) == expected)
    }

    @Test("a plural branch's #, only in rows that come from one")
    func pluralNumber() {
        #expect(Self.found("# Dateien", [.braces, .pluralNumber]) == ["# n"])
        #expect(Self.found("# Dateien", .any) == [])
    }

    @Test("a format's syntaxes: Android has no %@, Apple no {name}")
    func perFormat() {
        #expect(Self.found("%@ {name} %s", CatalogFormat.androidXML.placeholderSyntax) == ["%s s"])
        #expect(Self.found("%@ {name} %s", CatalogFormat.strings.placeholderSyntax) == ["%@ s", "%s s"])
        #expect(Self.found("%@ {name} {{x}} %s", CatalogFormat.po.placeholderSyntax) == ["{name} s", "{{x}} s", "%s s"])
        #expect(Self.found("%@ {name} {{x}} %s", CatalogFormat.xliff.placeholderSyntax) == ["%@ s", "{name} s", "{{x}} s", "%s s"])
    }
}

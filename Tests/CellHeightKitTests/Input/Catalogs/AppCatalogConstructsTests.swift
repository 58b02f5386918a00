import Foundation
import Testing
@testable import CellHeightKit

/// Issue 28, "measured wrong": constructs real apps ship, measured as the app shows them (XLIFF
/// from Angular without a target language, states, `$localize` placeholders, control flow blocks
/// and nested ICU messages; gettext locales with modifiers; ICU plural keywords ICU never picks).
@Suite("catalogs: constructs as the app shows them")
struct AppCatalogConstructsTests {
    /// fixtures/catalogs/angular/messages.es.xlf: Angular 17's `ng extract-i18n` output copied and
    /// translated, the header left without target-language, as Angular's guide has it done.
    @Test("angular 1.2: locale from the name, @if/@else a row each, PH placeholders, nested ICU, state=\"new\"")
    func angularSpanish() throws {
        let rows = try CatalogFixtures.rows("angular/messages.es.xlf", .xliff)
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == [
            ExpectedCatalogRow("syncStatus[if]", "Biblioteca sincronizada el {{ lastSync | date }}", locale: "es", line: 7, ["block": "if"]),
            ExpectedCatalogRow("syncStatus[else]", "Biblioteca esperando al servidor", locale: "es", line: 7, ["block": "else"]),
            ExpectedCatalogRow("deleteBooks", "¿Eliminar {{this.selection.length}} libros de {{shelf.title}}?", locale: "es", line: 11),
            ExpectedCatalogRow("lastRead[=0]", "Leído por última vez ahora mismo", locale: "es", line: 15, ["plural": "=0"]),
            ExpectedCatalogRow("lastRead[=1]", "Leído por última vez hace un minuto", locale: "es", line: 15, ["plural": "=1"]),
            ExpectedCatalogRow("lastRead[other]", "Leído por última vez hace {{minutes}} minutos", locale: "es", line: 15, ["plural": "other"]),
            ExpectedCatalogRow("8813217542116186421[=0]", "ahora mismo", locale: "es", line: 19, ["plural": "=0"]),
            ExpectedCatalogRow("8813217542116186421[=1]", "hace un minuto", locale: "es", line: 19, ["plural": "=1"]),
            ExpectedCatalogRow("8813217542116186421[other]", "hace {{minutes}} minutos", locale: "es", line: 19, ["plural": "other"]),
            // A target tools copied from the source (state="new") is not a translation.
            ExpectedCatalogRow("emptyShelf", "This shelf is empty", locale: "es", line: 22, ["untranslated": "true"]),
        ])
        // The expressions are placeholders: --placeholder-string replaces them whole.
        let rewriting = TextRewriting(stringSample: "Alexandra")
        #expect(rewriting.apply(to: rows[2].text, syntax: rows[2].placeholders) == "¿Eliminar Alexandra libros de Alexandra?")
    }

    @Test("angular 1.2: the source file is the source language's, not untranslated")
    func angularSource() throws {
        let rows = try CatalogFixtures.rows("angular/messages.xlf", .xliff)
        checkCatalogRowInvariants(rows)
        #expect(rows.map(\.id) == ["syncStatus[if]", "syncStatus[else]", "deleteBooks", "lastRead[=0]", "lastRead[=1]", "lastRead[other]",
                                   "8813217542116186421[=0]", "8813217542116186421[=1]", "8813217542116186421[other]", "emptyShelf"])
        #expect(rows.allSatisfy { $0.locale == "en-US" && !$0.isUntranslated })
        #expect(rows[1].text == "Library waiting for the server")
        #expect(rows[5].text == "Last read {{minutes}} minutes ago")
    }

    @Test("angular 2.0: locale from the name, PH's disp as a placeholder, state=\"initial\" untranslated")
    func angularFrench() throws {
        let rows = try CatalogFixtures.rows("angular/messages.fr.xlf", .xliff)
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == [
            ExpectedCatalogRow("deleteBooks", "Supprimer {{this.selection.length}} livres de {{shelf.title}} ?", locale: "fr", line: 7),
            ExpectedCatalogRow("emptyShelf", "This shelf is empty", locale: "fr", line: 12, ["untranslated": "true"]),
        ])
    }

    @Test("xliff: the locale a file's name gives", arguments: [
        ("messages.es.xlf", "es"), ("src/locale/messages.pt-BR.xlf", "pt-BR"), ("app.zh-Hant.xliff", "zh-Hant"), ("de.xlf", "de"),
        ("messages.xlf", nil), ("app.xlf", nil), ("messages.es_419.xlf", "es_419"), ("x.v2.xlf", nil),
    ] as [(String, String?)])
    func localeFromName(_ path: String, _ locale: String?) {
        #expect(xliffLocale(fromPath: path) == locale)
    }

    /// An @if without @else shows nothing when false; @switch's cases are a choice; blocks side by
    /// side combine.
    @Test("angular blocks: @if alone, @switch cases, two choices side by side, unbalanced blocks kept as text")
    func blocks() throws {
        func rows(_ target: String) throws -> [Row] {
            let xliff = """
                <xliff version="1.2"><file source-language="en" target-language="de" datatype="plaintext" original="x"><body>
                <trans-unit id="u"><source>x</source><target>\(target)</target></trans-unit></body></file></xliff>
                """
            return try readCatalogRows(Array(xliff.utf8), format: .xliff, path: "x.xlf")
        }
        let ifAlone = try rows(#"Gespeichert<x id="START_BLOCK_IF" equiv-text="@if (remote) {"/> in der Cloud<x id="CLOSE_BLOCK_IF" equiv-text="}"/>."#)
        #expect(ifAlone.map { "\($0.id!)=\($0.text)" } == ["u[if]=Gespeichert in der Cloud.", "u[none]=Gespeichert."])
        let cases = try rows(#"<x id="START_BLOCK_CASE" equiv-text="@case (1) {"/>Klein<x id="CLOSE_BLOCK_CASE" equiv-text="}"/> <x id="START_BLOCK_CASE_1" equiv-text="@case (2) {"/>Mittel<x id="CLOSE_BLOCK_CASE" equiv-text="}"/> <x id="START_BLOCK_DEFAULT" equiv-text="@default {"/>Groß<x id="CLOSE_BLOCK_DEFAULT" equiv-text="}"/> <x id="START_BLOCK_IF" equiv-text="@if (a) {"/>!<x id="CLOSE_BLOCK_IF" equiv-text="}"/>"#)
        #expect(cases.map { "\($0.id!)=\($0.text)" } == [
            "u[case][if]=Klein !", "u[case][none]=Klein", "u[case-1][if]=Mittel !", "u[case-1][none]=Mittel",
            "u[default][if]=Groß !", "u[default][none]=Groß",
        ])
        #expect(cases[0].fields?["block"] == "case,if")
        let unbalanced = try rows(#"A<x id="START_BLOCK_IF" equiv-text="@if (a) {"/>B"#)
        #expect(unbalanced.map(\.text) == ["AB"])
    }

    @Test("angular 2.0 blocks: <pc equivStart=\"START_BLOCK_IF\"> around each branch")
    func blocksVersion2() throws {
        let xliff = """
            <xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="it">
            <file id="ngi18n" original="ng.template"><unit id="sync"><segment state="translated">
            <source>x</source>
            <target>Libreria <pc id="0" equivStart="START_BLOCK_IF" equivEnd="CLOSE_BLOCK_IF" type="other" dispStart="@if" dispEnd="}">sincronizzata</pc> <pc id="1" equivStart="START_BLOCK_ELSE" equivEnd="CLOSE_BLOCK_ELSE" type="other" dispStart="@else" dispEnd="}">in attesa del server</pc></target>
            </segment></unit></file></xliff>
            """
        let rows = try readCatalogRows(Array(xliff.utf8), format: .xliff, path: "messages.it.xlf")
        #expect(rows.map { "\($0.id!)=\($0.text)" } == ["sync[if]=Libreria sincronizzata", "sync[else]=Libreria in attesa del server"])
    }

    @Test("po and mo: the most specific locale of header and path, glibc script modifiers as BCP 47", arguments: [
        ("Language: sr\\n", "po/sr@latin.po", "sr-Latn"), ("Language: sr@latin\\n", "po/sr.po", "sr-Latn"),
        ("Language: uz\\n", "uz@cyrillic.po", "uz-Cyrl"), ("Language: sr\\n", "po/sr.po", "sr"),
        ("Language: pt_BR\\n", "pt.po", "pt_BR"), ("Language: ca\\n", "ca@valencia.po", "ca@valencia"),
        ("Language: de\\n", "fr.po", "de"),
    ])
    func gettextLocales(_ header: String, _ path: String, _ locale: String) throws {
        let po = "msgid \"\"\nmsgstr \"\(header)\"\n\nmsgid \"Open\"\nmsgstr \"Otvori\"\n"
        let rows = try readCatalogRows(Array(po.utf8), format: .po, path: path)
        #expect(rows.map(\.locale) == [locale])
    }

    @Test("mo: an empty Language header under LC_MESSAGES takes the folder's locale, three letters too")
    func moFolderLocale() throws {
        let bytes = MOCatalogReaderTests.makeMO([("", "Language: \nContent-Type: text/plain; charset=UTF-8\n"), ("Open", "Aç")])
        let rows = try readCatalogRows(bytes, format: .mo, path: "/usr/share/locale/crh/LC_MESSAGES/gtk30.mo")
        #expect(rows.map(\.locale) == ["crh"])
    }

    @Test("icu: a plural keyword ICU never picks is measured, with a warning at its line")
    func unknownPluralKeyword() throws {
        let po = """
            msgid ""
            msgstr "Language: fr\\n"

            msgid "files.count"
            msgstr "{count, plural, one {# fichier} autres {# fichiers}}"

            msgid "files.left"
            msgstr "{count, plural, =0 {Aucun} one {# restant} other {# restants}}"

            """
        var warnings: [CatalogWarning] = []
        let rows = try readCatalogRows(Array(po.utf8), format: .po, path: "fr.po", warnings: &warnings)
        #expect(rows.map(\.id) == ["files.count[one]", "files.count[autres]", "files.left[=0]", "files.left[one]", "files.left[other]"])
        #expect(warnings == [CatalogWarning(file: "fr.po", line: 5, message: "\"files.count\": plural selector \"autres\" is not a CLDR plural"
            + " category (zero, one, two, few, many, other) or =N: the app never shows this branch")])
    }
}

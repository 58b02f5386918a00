import Testing
@testable import CellHeightKit

/// Issue 15: an Android string is measured as the app shows it: styling markup is not text, HTML
/// kept in CDATA is what Html.fromHtml shows, and `@string/` references are the strings they name.
@Suite("catalogs: android text as the user sees it")
struct AndroidVisibleTextTests {
    static func texts(_ resources: String) throws -> [String: String] {
        let xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
            + resources + "\n</resources>\n"
        let rows = try readCatalogRows(Array(xml.utf8), format: .androidXML, path: "res/values-de/strings.xml")
        return Dictionary(rows.map { ($0.id ?? "", $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("android: styling elements keep their text, not their tags")
    func stylingMarkup() throws {
        let texts = try Self.texts("""
            <string name="styled">Die <b>Datei</b> <i>%1$s</i> wurde <u>gelöscht</u>.</string>
            <string name="font"><font color="#FF0000" face="monospace">Warnung:</font> voll</string>
            <string name="placeholder"><xliff:g id="count" example="3">%d</xliff:g> Dateien</string>
            <string name="annotation"><annotation font="title">Neu</annotation> hier</string>
            """)
        #expect(texts["styled"] == "Die Datei %1$s wurde gelöscht.")
        #expect(texts["font"] == "Warnung: voll")
        #expect(texts["placeholder"] == "%d Dateien")
        #expect(texts["annotation"] == "Neu hier")
    }

    @Test("android: HTML in CDATA is measured as Html.fromHtml shows it")
    func htmlInCDATA() throws {
        let texts = try Self.texts("""
            <string name="bold"><![CDATA[<b>%1$s</b> wurde gelöscht]]></string>
            <string name="break"><![CDATA[Erste Zeile<br/>zweite   Zeile]]></string>
            <string name="entities"><![CDATA[<i>Tom</i> &amp; Jerry&nbsp;!]]></string>
            <string name="paragraphs"><![CDATA[<p>Absatz eins</p><p>Absatz zwei</p>]]></string>
            <string name="link"><![CDATA[Lies die <a href="https://example.com/agb">AGB</a>.]]></string>
            <string name="soup"><![CDATA[Ungeschlossen <b>fett]]></string>
            <string name="no_tags"><![CDATA[Speichern & beenden]]></string>
            <string name="escaped">Inhalt von &lt;b>%1$s&lt;/b></string>
            """)
        #expect(texts["bold"] == "%1$s wurde gelöscht")
        #expect(texts["break"] == "Erste Zeile\nzweite Zeile")
        #expect(texts["entities"] == "Tom & Jerry\u{A0}!")
        #expect(texts["paragraphs"] == "Absatz eins\n\nAbsatz zwei")
        #expect(texts["link"] == "Lies die AGB.")
        #expect(texts["soup"] == "Ungeschlossen fett")
        // CDATA without markup only spares escaping: shown as written, and so is escaped HTML,
        // which the app may or may not pass to Html.fromHtml.
        #expect(texts["no_tags"] == "Speichern & beenden")
        #expect(texts["escaped"] == "Inhalt von <b>%1$s</b>")
    }

    @Test("android: @string/ references are the text of the string they name, in the same file")
    func references() throws {
        let texts = try Self.texts("""
            <string name="title">@string/app_name</string>
            <string name="chained"> @string/title </string>
            <string name="app_name" translatable="false">Dateien</string>
            <string name="styled">@string/bold</string>
            <string name="bold"><![CDATA[<b>Neu</b>]]></string>
            <string name="elsewhere">@string/not_here</string>
            <string name="system">@android:string/ok</string>
            <string name="loop_a">@string/loop_b</string>
            <string name="loop_b">@string/loop_a</string>
            <string name="escaped">\\@string/app_name</string>
            <plurals name="files"><item quantity="one">@string/app_name</item><item quantity="other">%d Dateien</item></plurals>
            <string-array name="names"><item>@string/title</item></string-array>
            """)
        #expect(texts["title"] == "Dateien")
        #expect(texts["chained"] == "Dateien")
        #expect(texts["styled"] == "Neu")
        #expect(texts["files[one]"] == "Dateien")
        #expect(texts["names[0]"] == "Dateien")
        // Not resolvable here: measured as written.
        #expect(texts["elsewhere"] == "@string/not_here")
        #expect(texts["system"] == "@android:string/ok")
        #expect(texts["loop_a"] == "@string/loop_b")
        #expect(texts["escaped"] == "@string/app_name")
        // An untranslatable string is still not a row of its own.
        #expect(texts["app_name"] == nil)
    }

    @Test("android: a chain of references longer than the bound stops, measured as written")
    func referenceDepth() throws {
        var resources = "<string name=\"s0\">Ende</string>\n"
        for index in 1...40 { resources += "<string name=\"s\(index)\">@string/s\(index - 1)</string>\n" }
        let texts = try Self.texts(resources)
        #expect(texts["s16"] == "Ende")
        #expect(texts["s40"]?.hasPrefix("@string/s") == true)
    }

    @Test("html: libxml2's parser gives the visible text", arguments: [
        ("<b>a</b>  b", "a b"), ("a<br>b", "a\nb"), ("a<br><br>b", "a\n\nb"), ("<ul><li>eins</li><li>zwei</li></ul>", "eins\n\nzwei"),
        ("&lt;tag&gt; &#x263A;", "<tag> ☺"), ("", ""), ("  <p> </p> ", ""), ("<script>x()</script>Text", "Text"),
    ])
    func html(_ html: String, _ shown: String) {
        #expect(htmlVisibleText(html) == shown)
    }
}

extension AndroidVisibleTextTests {
    @Test("android: the markup fixture, as the user sees it")
    func markupFixture() throws {
        let rows = try CatalogFixtures.rows("markup/res/values-de/strings.xml", .androidXML)
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == [
            ExpectedCatalogRow("title", "Dateien", locale: "de", line: 5),
            ExpectedCatalogRow("deleted", "%1$s wurde gelöscht.\nRückgängig machen?", locale: "de", line: 6),
            ExpectedCatalogRow("opening", "%d Objekte werden geöffnet", locale: "de", line: 7),
            ExpectedCatalogRow("save", "  Speichern unter …  ", locale: "de", line: 8),
            ExpectedCatalogRow("items[one]", "# Objekt ausgewählt", locale: "de", line: 9, ["plural": "one"]),
            ExpectedCatalogRow("items[other]", "# Objekte ausgewählt", locale: "de", line: 9, ["plural": "other"]),
        ])
    }
}

import Testing
@testable import CellHeightKit

/// Issue 15: an XLIFF unit is measured as the app shows it: inline codes are the text they stand
/// for (markup nothing, a line break one, a placeholder its text), and white space follows
/// `xml:space` (an Angular file's indentation is not measured).
@Suite("catalogs: xliff text as the user sees it")
struct XLIFFVisibleTextTests {
    static func texts(_ xliff: String) throws -> [String] {
        try readCatalogRows(Array(xliff.utf8), format: .xliff, path: "messages.de.xlf").map(\.text)
    }

    /// As `ng extract-i18n --format xlf` writes it (Angular 17), translated into German.
    static let angular12 = """
        <?xml version="1.0" encoding="UTF-8" ?>
        <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
          <file source-language="en-US" datatype="plaintext" original="ng2.template" target-language="de">
            <body>
              <trans-unit id="welcome" datatype="html">
                <source>Hello <x id="INTERPOLATION" equiv-text="{{ user.name }}"/>, you have <x id="START_BOLD_TEXT" ctype="x-b" equiv-text="&lt;b&gt;"/><x id="INTERPOLATION_1" equiv-text="{{ count }}"/> new messages<x id="CLOSE_BOLD_TEXT" ctype="x-b" equiv-text="&lt;/b&gt;"/>.</source>
                <target state="translated">
                  Hallo <x id="INTERPOLATION" equiv-text="{{ user.name }}"/>, Sie haben
                  <x id="START_BOLD_TEXT" ctype="x-b" equiv-text="&lt;b&gt;"/><x id="INTERPOLATION_1" equiv-text="{{ count }}"/> neue Nachrichten<x id="CLOSE_BOLD_TEXT" ctype="x-b" equiv-text="&lt;/b&gt;"/>.
                </target>
                <context-group purpose="location">
                  <context context-type="sourcefile">src/app/app.component.html</context>
                  <context context-type="linenumber">3,6</context>
                </context-group>
              </trans-unit>
              <trans-unit id="twoLines" datatype="html">
                <source>First line<x id="LINE_BREAK" ctype="lb" equiv-text="&lt;br/&gt;"/>second line <x id="TAG_IMG" ctype="image" equiv-text="&lt;img src=&quot;logo.png&quot;/&gt;"/></source>
                <target state="translated">Erste Zeile<x id="LINE_BREAK" ctype="lb" equiv-text="&lt;br/&gt;"/> zweite Zeile <x id="TAG_IMG" ctype="image" equiv-text="&lt;img src=&quot;logo.png&quot;/&gt;"/></target>
              </trans-unit>
              <trans-unit id="oldAngular" datatype="html">
                <source>Signed in as <x id="INTERPOLATION"/></source>
                <target>Angemeldet als <x id="INTERPOLATION"/></target>
              </trans-unit>
              <trans-unit id="link" datatype="html">
                <source>Read the <x id="START_LINK" ctype="x-a" equiv-text="&lt;a href=&quot;/terms&quot;&gt;"/>terms<x id="CLOSE_LINK" ctype="x-a" equiv-text="&lt;/a&gt;"/></source>
                <target>Lies die <x id="START_LINK" ctype="x-a" equiv-text="&lt;a href=&quot;/terms&quot;&gt;"/>AGB<x id="CLOSE_LINK" ctype="x-a" equiv-text="&lt;/a&gt;"/></target>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """

    @Test("xliff 1.2 from Angular: tag placeholders are markup, interpolations their text, indentation not measured")
    func angular12Units() throws {
        #expect(try Self.texts(Self.angular12) == [
            "Hallo {{ user.name }}, Sie haben {{ count }} neue Nachrichten.",
            "Erste Zeile\nzweite Zeile",
            "Angemeldet als {{INTERPOLATION}}",
            "Lies die AGB",
        ])
    }

    /// As `ng extract-i18n --format xlf2` writes it (Angular 17), translated into German.
    static let angular20 = """
        <?xml version="1.0" encoding="UTF-8" ?>
        <xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en-US" trgLang="de">
          <file id="ngi18n" original="ng.template">
            <unit id="welcome">
              <notes>
                <note category="location">src/app/app.component.html:3,6</note>
              </notes>
              <segment>
                <source>Hello <ph id="0" equiv="INTERPOLATION" disp="{{ user.name }}"/>!<ph id="1" equiv="LINE_BREAK" type="fmt" disp="&lt;br/&gt;"/><pc id="2" equivStart="START_BOLD_TEXT" equivEnd="CLOSE_BOLD_TEXT" type="fmt" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;">New</pc> <ph id="3" equiv="TAG_IMG" type="image" disp="&lt;img/&gt;"/></source>
                <target>
                  Hallo <ph id="0" equiv="INTERPOLATION" disp="{{ user.name }}"/>!<ph id="1" equiv="LINE_BREAK" type="fmt" disp="&lt;br/&gt;"/>
                  <pc id="2" equivStart="START_BOLD_TEXT" equivEnd="CLOSE_BOLD_TEXT" type="fmt" dispStart="&lt;b&gt;" dispEnd="&lt;/b&gt;">Neu</pc> <ph id="3" equiv="TAG_IMG" type="image" disp="&lt;img/&gt;"/>
                </target>
              </segment>
            </unit>
            <unit id="named">
              <segment>
                <source>Total: <ph id="0" equiv="TOTAL" disp="{{ total }}"/></source>
                <target>Summe: <ph id="0" equiv="TOTAL" disp="{{ total }}"/></target>
              </segment>
            </unit>
          </file>
        </xliff>
        """

    @Test("xliff 2.0 from Angular: ph shows disp for Angular's names, pc keeps its content, LINE_BREAK is one")
    func angular20Units() throws {
        #expect(try Self.texts(Self.angular20) == ["Hallo {{ user.name }}!\nNeu", "Summe: {{ total }}"])
    }

    @Test("xliff: white space is collapsed unless xml:space=\"preserve\" says otherwise (inherited)", arguments: [
        ("<trans-unit id=\"a\"><source>x</source><target>  Zwei\n   Zeilen  </target></trans-unit>", "Zwei Zeilen"),
        ("<trans-unit id=\"a\" xml:space=\"preserve\"><source>x</source><target>  Zwei\n   Zeilen  </target></trans-unit>",
         "  Zwei\n   Zeilen  "),
        ("<group id=\"g\" xml:space=\"preserve\"><trans-unit id=\"a\"><source>x</source><target> a  b</target></trans-unit></group>",
         " a  b"),
        ("<group id=\"g\" xml:space=\"preserve\"><trans-unit id=\"a\" xml:space=\"default\"><source>x</source><target> a  b</target></trans-unit></group>",
         "a b"),
        // A code's own text is kept: a line break, a placeholder written with spaces.
        ("<trans-unit id=\"a\"><source>x</source><target>eins <x id=\"1\" ctype=\"lb\"/>  zwei <ph id=\"2\">%1$s  </ph></target></trans-unit>",
         "eins\nzwei %1$s  "),
    ])
    func whiteSpace12(_ unit: String, _ shown: String) throws {
        let xliff = "<xliff version=\"1.2\"><file source-language=\"en\" target-language=\"de\" datatype=\"plaintext\" original=\"x\"><body>"
            + unit + "</body></file></xliff>"
        #expect(try Self.texts(xliff) == [shown])
    }

    @Test("xliff 2.x: codes as the specification defines them", arguments: [
        // equiv is the code's plain text; disp is used when there is no equiv.
        ("A<ph id=\"1\" equiv=\"%s\" disp=\"[name]\"/>", "A%s"),
        ("A <ph id=\"1\" disp=\"{0}\"/>", "A {0}"),
        ("A<ph id=\"1\"/>B", "AB"),
        ("Zeile<ph id=\"1\" type=\"fmt\" subType=\"xlf:lb\"/>Zeile", "Zeile\nZeile"),
        ("Bild <ph id=\"1\" type=\"image\" disp=\"&lt;img&gt;\"/>", "Bild"),
        ("<sc id=\"1\" type=\"fmt\"/>fett<ec startRef=\"1\"/> und <pc id=\"2\">kursiv</pc>", "fett und kursiv"),
    ])
    func codes20(_ target: String, _ shown: String) throws {
        let xliff = "<xliff version=\"2.0\" xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" srcLang=\"en\" trgLang=\"de\"><file id=\"f\">"
            + "<unit id=\"u\"><segment><source>x</source><target>" + target + "</target></segment></unit></file></xliff>"
        #expect(try Self.texts(xliff) == [shown])
    }

    @Test("angular: placeholder names and what they stand for", arguments: [
        ("INTERPOLATION", AngularPlaceholderRole.value), ("INTERPOLATION_12", .value), ("ICU", .value), ("ICU_1", .value),
        ("START_TAG_SPAN", .tag), ("CLOSE_BOLD_TEXT", .tag), ("TAG_IMG", .tag), ("HORIZONTAL_RULE", .tag), ("LINE_BREAK", .lineBreak),
    ])
    func angularNames(_ name: String, _ role: AngularPlaceholderRole) {
        #expect(AngularPlaceholderRole(name: name) == role)
    }

    @Test("angular: other ids are XLIFF's own", arguments: ["1", "INTERPOLATIONS", "ICU_X", "name"])
    func otherIds(_ name: String) {
        #expect(AngularPlaceholderRole(name: name) == nil)
    }
}

extension XLIFFVisibleTextTests {
    @Test("xliff: the Angular fixture, as the user sees it")
    func angularFixture() throws {
        let rows = try CatalogFixtures.rows("markup/messages.de.xlf", .xliff)
        checkCatalogRowInvariants(rows)
        #expect(rows.expectedForm == [
            ExpectedCatalogRow("fileDeleted", "Die Datei {{ file.name }} wurde gelöscht.\nRückgängig machen?", locale: "de", line: 8),
            ExpectedCatalogRow("selectedItems[=0]", "Keine Objekte ausgewählt", locale: "de", line: 19, ["plural": "=0"]),
            ExpectedCatalogRow("selectedItems[=1]", "Ein Objekt ausgewählt", locale: "de", line: 19, ["plural": "=1"]),
            ExpectedCatalogRow("selectedItems[other]", "{{ count }} Objekte ausgewählt", locale: "de", line: 19, ["plural": "other"]),
        ])
    }
}

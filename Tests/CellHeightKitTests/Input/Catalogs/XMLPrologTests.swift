import Testing
@testable import CellHeightKit

/// Issue 31, items 10-12: valid XML catalogs that were refused or misread because of their prolog:
/// Apple's older plist DOCTYPE and single quotes, a `%` that is no parameter entity, and UTF-16
/// with an internal entity.
@Suite("catalogs: XML prologs")
struct XMLPrologTests {
    static let entry = """
        <dict>
        <key>open</key>
        <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>Ordner öffnen</string>
        </dict>
        </dict>
        </plist>
        """

    @Test("stringsdict: Apple's DOCTYPE, older and newer, in double or single quotes", arguments: [
        #"<!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
        #"<!DOCTYPE plist PUBLIC '-//Apple//DTD PLIST 1.0//EN' 'http://www.apple.com/DTDs/PropertyList-1.0.dtd'>"#,
        #"<!DOCTYPE plist PUBLIC '-//Apple Computer//DTD PLIST 1.0//EN' "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
    ])
    func plistDoctypes(_ doctype: String) throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(doctype)\n<plist version=\"1.0\">\n" + Self.entry
        let rows = try readCatalogRows(Array(text.utf8), format: .stringsdict, path: "de.lproj/Localizable.stringsdict")
        #expect(rows.expectedForm == [ExpectedCatalogRow("open", "Ordner öffnen", locale: "de", line: 8)])
    }

    @Test("stringsdict: another public identifier is still an external DTD")
    func otherDoctype() {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC '-//Evil//DTD PLIST 1.0//EN' 'http://example.com/x.dtd'>\n<plist>\n"
            + Self.entry
        #expect {
            try readCatalogRows(Array(text.utf8), format: .stringsdict, path: "de.lproj/Localizable.stringsdict")
        } throws: { error in
            (error as? CellHeightError)?.description
                == "de.lproj/Localizable.stringsdict:2: invalid XML: an external DTD or entity (SYSTEM or PUBLIC), which is never read"
        }
    }

    @Test("android: a % in a comment, a processing instruction or an ATTLIST default is no parameter entity")
    func percentOutsideEntities() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [
              <!-- 100% of the strings -->
              <?note 50% done?>
              <!ATTLIST string width CDATA "50%">
              <!ENTITY app "Dateien">
            ]>
            <resources>
              <string name="open">&app; öffnen</string>
            </resources>
            """
        let rows = try readCatalogRows(Array(xml.utf8), format: .androidXML, path: "res/values-de/strings.xml")
        #expect(rows.expectedForm == [ExpectedCatalogRow("open", "Dateien öffnen", locale: "de", line: 9)])
        // A real parameter entity reference is still refused.
        let parameter = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [\n<!-- % -->\n%p;\n]>\n<resources/>\n"
        #expect {
            try readCatalogRows(Array(parameter.utf8), format: .androidXML, path: "res/values/strings.xml")
        } throws: { error in
            (error as? CellHeightError)?.description == "res/values/strings.xml:4: invalid XML: parameter entities are not supported"
        }
    }

    @Test("android: UTF-16 (both byte orders) with an internal entity")
    func utf16WithEntity() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-16"?>
            <!DOCTYPE resources [<!ENTITY app "Dateien">]>
            <resources>
            <string name="open">&app; öffnen</string>
            </resources>
            """
        let little: [UInt8] = [0xFF, 0xFE] + xml.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + xml.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [little, big] {
            let rows = try readCatalogRows(bytes, format: .androidXML, path: "res/values-de/strings.xml")
            #expect(rows.expectedForm == [ExpectedCatalogRow("open", "Dateien öffnen", locale: "de", line: 4)])
        }
    }
}

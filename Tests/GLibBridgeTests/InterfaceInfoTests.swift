import GLibBridge
import XCTest

/// Introspection XML parsed from a file's bytes: GMarkup checks them as it reads, so bytes
/// that are not UTF-8 or not XML are refused, and the same bytes give what the text gives.
final class InterfaceInfoTests: XCTestCase {
    static let xml = """
        <node><interface name="org.example.Bytes">
          <method name="Turn"><arg type="s" name="to" direction="in"/></method>
          <method name="Reset"/>
        </interface></node>
        """

    func testBytesGiveTheInterfaceTheTextGives() throws {
        let fromBytes = try InterfaceInfo(xml: Array(Self.xml.utf8), name: "org.example.Bytes")
        let fromText = try InterfaceInfo(xml: Self.xml, name: "org.example.Bytes")
        XCTAssertEqual(fromBytes.methodNames, ["Turn", "Reset"])
        XCTAssertEqual(fromBytes.methodNames, fromText.methodNames)
        XCTAssertEqual(fromBytes.inArgumentSignatures("Turn"), ["s"])
        // Already terminated: taken as it is.
        XCTAssertEqual(try InterfaceInfo(xml: Array(Self.xml.utf8) + [0], name: "org.example.Bytes").methodNames, ["Turn", "Reset"])
    }

    func testBytesThatAreNotUTF8OrNotXMLAreRefused() {
        var notUTF8 = Array(Self.xml.utf8)
        notUTF8.insert(contentsOf: [0xff, 0xfe], at: notUTF8.firstIndex(of: UInt8(ascii: "T"))!)
        for (bytes, why) in [(notUTF8, "not UTF-8"), (Array("<node><interface".utf8), "not XML")] {
            XCTAssertThrowsError(try InterfaceInfo(xml: bytes, name: "org.example.Bytes"), why) { error in
                XCTAssertEqual((error as? DBusError)?.name, DBusError.invalidArgs, why)
            }
        }
        XCTAssertThrowsError(try InterfaceInfo(xml: Array(Self.xml.utf8), name: "org.example.Other"))
    }

    func testCommentsAreSkippedWhateverTheyHold() throws {
        let documented = """
            <!-- first --><node><!----><interface name="org.example.Bytes"><!-- <method name="Hidden"/> é -->
              <method name="Turn"><!-- a - dash --><arg type="s" name="to" direction="in"/></method><!--a--><!--b-->
              <method name="Reset"/>
            </interface></node><!-- last -->
            """
        let info = try InterfaceInfo(xml: Array(documented.utf8), name: "org.example.Bytes")
        XCTAssertEqual(info.methodNames, ["Turn", "Reset"])
        XCTAssertEqual(info.inArgumentSignatures("Turn"), ["s"])
    }

    func testAnUnterminatedCommentIsLeftForTheParserToRefuse() {
        let unterminated = Array("<node><interface name=\"org.example.Bytes\"><!-- never closed".utf8)
        XCTAssertThrowsError(try InterfaceInfo(xml: unterminated, name: "org.example.Bytes")) { error in
            XCTAssertEqual((error as? DBusError)?.name, DBusError.invalidArgs)
        }
    }
}

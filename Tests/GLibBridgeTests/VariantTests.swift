import GLibBridge
import XCTest

final class VariantTests: XCTestCase {
    func testBasicValuesRoundTrip() {
        XCTAssertEqual(Variant(string: "héllo").string, "héllo")
        XCTAssertEqual(Variant(string: "").typeString, "s")
        XCTAssertEqual(Variant(bool: true).bool, true)
        XCTAssertEqual(Variant(bool: false).bool, false)
        XCTAssertEqual(Variant(uint32: .max).uint32, .max)
        XCTAssertEqual(Variant(int32: .min).int32, .min)
        XCTAssertEqual(Variant(uint64: .max).uint64, .max)
        XCTAssertEqual(Variant(int64: .min).int64, .min)
        XCTAssertEqual(Variant(double: 2.5).double, 2.5)
        XCTAssertEqual(Variant(objectPath: "/a/b_1").string, "/a/b_1")
        XCTAssertEqual(Variant(objectPath: "/").typeString, "o")
        XCTAssertEqual(Variant(uint64: 1).typeString, "t")
        XCTAssertEqual(Variant(int64: 1).typeString, "x")
    }

    func testReadersOfTheWrongTypeGiveNil() {
        let number = Variant(uint32: 7)
        XCTAssertNil(number.string)
        XCTAssertNil(number.bool)
        XCTAssertNil(number.int32)
        XCTAssertNil(number.uint64)
        XCTAssertNil(number.stringArray)
        XCTAssertNil(number.vardict)
        XCTAssertNil(number.unboxed)
        XCTAssertNil(number.dictionaryEntries)
        XCTAssertEqual(number.childCount, 0)
        XCTAssertNil(Variant(string: "x").uint32)
    }

    func testObjectPathValidation() {
        XCTAssertTrue(Variant.isValidObjectPath("/io/github/orientd/OrientationManager1/scene/3"))
        XCTAssertFalse(Variant.isValidObjectPath("io/github"))
        XCTAssertFalse(Variant.isValidObjectPath("/trailing/"))
        XCTAssertFalse(Variant.isValidObjectPath("/a-b"))
    }

    func testStringAndObjectPathArrays() {
        let strings = Variant(strings: ["portrait", "landscape-left"])
        XCTAssertEqual(strings.typeString, "as")
        XCTAssertEqual(strings.stringArray, ["portrait", "landscape-left"])
        XCTAssertEqual(Variant(strings: []).stringArray, [])
        XCTAssertEqual(Variant(strings: []).typeString, "as")
        let paths = Variant(objectPaths: ["/a", "/b"])
        XCTAssertEqual(paths.typeString, "ao")
        XCTAssertEqual(paths.stringArray, ["/a", "/b"])
    }

    func testTupleAndChildren() {
        let tuple = Variant(tuple: [Variant(string: "a"), Variant(uint32: 2), Variant(bool: true)])
        XCTAssertEqual(tuple.typeString, "(sub)")
        XCTAssertTrue(tuple.isContainer)
        XCTAssertEqual(tuple.childCount, 3)
        XCTAssertEqual(tuple.child(at: 0).string, "a")
        XCTAssertEqual(tuple.child(at: 1).uint32, 2)
        XCTAssertEqual(tuple.children.map(\.typeString), ["s", "u", "b"])
        XCTAssertEqual(Variant(tuple: []).typeString, "()")
        XCTAssertTrue(tuple.isOfType("r"))
        XCTAssertTrue(tuple.isOfType("(s*b)"))
    }

    func testATupleOfThreeKeptValuesLeavesThemUsable() {
        let portrait = Variant(string: "portrait"), landscape = Variant(string: "landscape-left")
        let device = Variant(string: "device")
        let first = Variant(tupleOf: portrait, landscape, device)
        let second = Variant(tupleOf: landscape, portrait, device)
        XCTAssertEqual(first.typeString, "(sss)")
        XCTAssertEqual(first.children.compactMap(\.string), ["portrait", "landscape-left", "device"])
        XCTAssertEqual(second.children.compactMap(\.string), ["landscape-left", "portrait", "device"])
        XCTAssertEqual(first.description, "('portrait', 'landscape-left', 'device')")
        // The kept values are still whole after both tuples took references to them.
        XCTAssertEqual(portrait.string, "portrait")
        XCTAssertEqual(Variant(tupleOf: Variant(uint32: 1), Variant(bool: false), portrait).typeString, "(ubs)")
    }

    func testBoxing() {
        let boxed = Variant(boxing: Variant(int32: -3))
        XCTAssertEqual(boxed.typeString, "v")
        XCTAssertEqual(boxed.unboxed?.int32, -3)
    }

    func testVardictSortsKeysAndRoundTrips() {
        let dict = Variant(vardict: [
            "width": Variant(uint32: 390), "app-id": Variant(string: "org.example"),
            "detached": Variant(bool: false), "supported-orientations": Variant(strings: ["portrait"]),
        ])
        XCTAssertEqual(dict.typeString, "a{sv}")
        XCTAssertEqual(dict.children.map { $0.child(at: 0).string! },
                       ["app-id", "detached", "supported-orientations", "width"])
        let read = dict.vardict!
        XCTAssertEqual(read["width"]?.uint32, 390)
        XCTAssertEqual(read["app-id"]?.string, "org.example")
        XCTAssertEqual(read["detached"]?.bool, false)
        XCTAssertEqual(read["supported-orientations"]?.stringArray, ["portrait"])
        XCTAssertEqual(Variant(vardict: [:]).typeString, "a{sv}")
        XCTAssertEqual(Variant(vardict: [:]).vardict?.count, 0)
        XCTAssertEqual(dict.description,
                       "{'app-id': <'org.example'>, 'detached': <false>, 'supported-orientations': <['portrait']>, 'width': <uint32 390>}")
    }

    func testAVardictWithKeptKeysIsTheSameVardict() {
        let width = Variant(string: "Width"), orientation = Variant(string: "InterfaceOrientation")
        let first = Variant(vardictKeyed: [(key: orientation, value: Variant(string: "portrait")), (key: width, value: Variant(uint32: 390))])
        let second = Variant(vardictKeyed: [(key: orientation, value: Variant(string: "landscape-left")), (key: width, value: Variant(uint32: 844))])
        XCTAssertEqual(first, Variant(vardictEntries: [(key: "InterfaceOrientation", value: Variant(string: "portrait")),
                                                       (key: "Width", value: Variant(uint32: 390))]))
        XCTAssertEqual(second.description, "{'InterfaceOrientation': <'landscape-left'>, 'Width': <uint32 844>}")
        XCTAssertEqual(width.string, "Width", "a kept key is still whole after two vardicts took it")
        XCTAssertEqual(Variant(vardictKeyed: []).typeString, "a{sv}")
    }

    func testHistoryArrayOfStructs() {
        let entry = Variant(tuple: [
            Variant(objectPath: "/s/1"), Variant(string: "app"), Variant(uint64: 1_700_000_000_000_000),
            Variant(string: "portrait"), Variant(string: "landscape-left"), Variant(string: "device"),
        ])
        let history = Variant(arrayOf: "(ostsss)", [entry, entry])
        XCTAssertEqual(history.typeString, "a(ostsss)")
        XCTAssertEqual(history.childCount, 2)
        XCTAssertEqual(history.child(at: 1).child(at: 2).uint64, 1_700_000_000_000_000)
        XCTAssertEqual(Variant(arrayOf: "(ostsss)", []).typeString, "a(ostsss)")
        XCTAssertEqual(Variant(arrayOf: "(ostsss)", []).childCount, 0)
    }

    func testExplainSteps() {
        let step = Variant(tuple: [Variant(string: "app"), Variant(strings: ["portrait"]), Variant(string: "why")])
        let steps = Variant(arrayOf: "(sass)", [step])
        XCTAssertEqual(steps.typeString, "a(sass)")
        XCTAssertEqual(steps.child(at: 0).child(at: 1).stringArray, ["portrait"])
        XCTAssertEqual(steps.description, "[('app', ['portrait'], 'why')]")
    }

    func testNestedDictionaries() {
        let policy = Variant(vardict: ["follow-sensor": Variant(bool: true)])
        let policies = Variant(dictionary: ["b.app": policy, "a.app": Variant(vardict: [:])], valueType: "a{sv}")
        XCTAssertEqual(policies.typeString, "a{sa{sv}}")
        let read = policies.stringDictionary!
        XCTAssertEqual(read.keys.sorted(), ["a.app", "b.app"])
        XCTAssertEqual(read["b.app"]?.vardict?["follow-sensor"]?.bool, true)
        XCTAssertEqual(policies.child(at: 0).child(at: 0).string, "a.app")

        let interfaces = Variant(dictionary: ["org.example.Scene": policy], valueType: "a{sv}")
        let managed = Variant(
            dictionaryEntries: [(key: Variant(objectPath: "/s/2"), value: interfaces),
                                (key: Variant(objectPath: "/s/1"), value: interfaces)],
            keyType: "o", valueType: "a{sa{sv}}")
        XCTAssertEqual(managed.typeString, "a{oa{sa{sv}}}")
        let entries = managed.dictionaryEntries!
        XCTAssertEqual(entries.map { $0.key.string! }, ["/s/2", "/s/1"])
        XCTAssertEqual(entries[0].value.stringDictionary?["org.example.Scene"]?.vardict?["follow-sensor"]?.bool, true)
        XCTAssertNil(managed.stringDictionary, "object-path keys are not string keys")
    }

    func testParsePrintAndEquality() throws {
        let parsed = try Variant(parsing: "{'width': <uint32 5>, 'name': <'x'>}")
        XCTAssertEqual(parsed.typeString, "a{sv}")
        XCTAssertEqual(parsed.vardict?["width"]?.uint32, 5)
        XCTAssertEqual(try Variant(parsing: "@as []").typeString, "as")
        XCTAssertEqual(try Variant(parsing: "[]", type: "a(sass)").typeString, "a(sass)")
        XCTAssertEqual(try Variant(parsing: "objectpath '/a'").string, "/a")
        XCTAssertEqual(try Variant(parsing: "5", type: "t").uint64, 5)

        let original = Variant(tuple: [Variant(uint32: 1), Variant(int64: -2), Variant(double: 0.5),
                                       Variant(objectPaths: []), Variant(vardict: ["k": Variant(uint64: 9)])])
        let reparsed = try Variant(parsing: original.text(annotated: true))
        XCTAssertEqual(reparsed, original)
        XCTAssertNotEqual(Variant(uint32: 1), Variant(int32: 1))
        XCTAssertEqual(Variant(string: "a"), Variant(string: "a"))
        XCTAssertEqual(Variant(string: "it's").description, "\"it's\"")
        XCTAssertTrue(original.debugDescription.hasPrefix("Variant((uxdaoa{sv}): "))
    }

    func testParseErrorIsInvalidArgs() {
        XCTAssertThrowsError(try Variant(parsing: "{'unterminated")) { error in
            let dbusError = error as? DBusError
            XCTAssertEqual(dbusError?.name, DBusError.invalidArgs)
            XCTAssertTrue(dbusError?.message.contains("unterminated") ?? false, "\(error)")
        }
    }

    func testTypeStringValidity() {
        XCTAssertTrue(isValidVariantType("a{oa{sa{sv}}}"))
        XCTAssertTrue(isValidVariantType("(ostsss)"))
        XCTAssertFalse(isValidVariantType("a{"))
        XCTAssertFalse(isValidVariantType("ss"))
        XCTAssertFalse(isValidVariantType(""))
    }

    func testVariantsCrossThreads() {
        let shared = Variant(strings: ["a", "b"])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 { XCTAssertEqual(shared.stringArray, ["a", "b"]) }
        }
    }
}

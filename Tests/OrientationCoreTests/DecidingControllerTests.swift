import OrientationCore
import XCTest

/// The walk from the root to the one controller that decides, and the tree operations.
final class DecidingControllerTests: XCTestCase {
    /// A phone scene that allows everything but upside-down, so controllers decide.
    private func scene(_ subject: inout ManagerUnderTest) throws -> SceneID {
        try subject.register { $0.supported = .allButUpsideDown }
    }

    private func deciding(_ subject: ManagerUnderTest, _ id: SceneID) -> String { subject.snapshot(id).decidingController }

    func testNavigationControllerHandsOverToItsTopChild() throws {
        var subject = ManagerUnderTest()
        let id = try scene(&subject)
        try subject.on(id, .setRoot(navigation("nav", .portrait)))
        XCTAssertEqual(deciding(subject, id), "nav", "an empty stack decides itself")
        try subject.on(id, .push(navigation: "nav", view("list", .portrait)))
        try subject.on(id, .push(navigation: "nav", view("detail", .landscape)))
        XCTAssertEqual(deciding(subject, id), "detail")
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .navigation)])
        XCTAssertEqual(try subject.on(id, .pop(navigation: "nav")).reply, .controller("detail"))
        XCTAssertEqual(deciding(subject, id), "list")
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .navigation)])
    }

    func testTabControllerHandsOverToItsSelectedChild() throws {
        var subject = ManagerUnderTest()
        let id = try scene(&subject)
        try subject.on(id, .setRoot(tabs("tabs")))
        try subject.on(id, .addTab(tab: "tabs", view("feed", .portrait)))
        try subject.on(id, .addTab(tab: "tabs", view("video", .landscape)))
        try subject.on(id, .selectTab(tab: "tabs", child: "video"))
        XCTAssertEqual(deciding(subject, id), "video")
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .tab)])
        try subject.on(id, .selectTab(tab: "tabs", child: "feed"))
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .tab)])
        // Selecting the selected child again changes nothing.
        try subject.on(id, .selectTab(tab: "tabs", child: "feed"))
        XCTAssertEqual(subject.events, [])
    }

    func testTabControllerDecidesByItsFirstChildUntilOneIsSelected() throws {
        var subject = ManagerUnderTest()
        let id = try scene(&subject)
        try subject.on(id, .setRoot(tabs("tabs")))
        try subject.on(id, .addTab(tab: "tabs", view("first", .landscape)))
        XCTAssertEqual(deciding(subject, id), "first")
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .tab)])
        try subject.on(id, .addTab(tab: "tabs", view("second", .portrait)))
        XCTAssertEqual(deciding(subject, id), "first", "a later tab is not selected by being added")
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
    }

    func testWindowFillingPresentationTakesOverTheDecision() throws {
        var subject = ManagerUnderTest()
        let id = try scene(&subject)
        try subject.on(id, .setRoot(navigation("nav")))
        try subject.on(id, .push(navigation: "nav", view("list", .portrait)))
        try subject.on(id, .present(presenter: "list", view("player", .landscape)))
        XCTAssertEqual(deciding(subject, id), "player")
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .presentation)])
        // A presentation from the root container also takes over, before its children.
        try subject.on(id, .dismiss("player"))
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .dismissal)])
        try subject.on(id, .present(presenter: "nav", view("modal", .landscape)))
        XCTAssertEqual(deciding(subject, id), "modal")
    }

    func testSheetPresentationDoesNotTakeOver() throws {
        var subject = ManagerUnderTest()
        let id = try scene(&subject)
        try subject.on(id, .setRoot(view("list", .portrait)))
        try subject.on(id, .present(presenter: "list", view("sheet", .landscape, fillsWindow: false)))
        XCTAssertEqual(deciding(subject, id), "list")
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.changes, [])
        // Making it window-filling is a declaration: it takes over at the next evaluation.
        try subject.on(id, .setProperties("sheet", patch(fillsWindow: true)))
        XCTAssertEqual(deciding(subject, id), "list")
        try subject.on(id, .update)
        XCTAssertEqual(deciding(subject, id), "sheet")
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
    }

    func testNonForwardingContainerDecidesItselfLikeStockUIKit() throws {
        var subject = ManagerUnderTest()
        let id = try scene(&subject)
        try subject.on(id, .setRoot(navigation("nav", .portrait, forwards: false)))
        try subject.on(id, .push(navigation: "nav", view("detail", .landscape)))
        XCTAssertEqual(deciding(subject, id), "nav")
        XCTAssertEqual(subject.orientation(id), .portrait)
        let path = try subject.manager.explain(id).first { $0.name == "path" }!.sentence
        XCTAssertTrue(path.contains("does not forward"), path)

        try subject.on(id, .setRoot(tabs("tabs", .portrait, forwards: false)))
        try subject.on(id, .addTab(tab: "tabs", view("video", .landscape)))
        XCTAssertEqual(deciding(subject, id), "tabs")
        XCTAssertEqual(subject.orientation(id), .portrait)
        // A window-filling presentation still takes over a non-forwarding container.
        try subject.on(id, .present(presenter: "tabs", view("modal", .landscape)))
        XCTAssertEqual(deciding(subject, id), "modal")
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
    }

    func testEmptyTreeBehavesAsADefaultViewController() throws {
        var subject = ManagerUnderTest()
        let phone = try scene(&subject)
        let pad = try subject.register(idiom: .pad) { $0.supported = .all }
        XCTAssertEqual(deciding(subject, phone), "")
        XCTAssertEqual(subject.snapshot(phone).supported, .allButUpsideDown)
        XCTAssertEqual(subject.snapshot(pad).supported, .all)
        try subject.device(.landscapeRight)
        XCTAssertEqual(subject.orientation(phone), .landscapeLeft, "the default controller autorotates")
        let controller = try subject.manager.explain(phone).first { $0.name == "controller" }!.sentence
        XCTAssertTrue(controller.contains("default view controller"), controller)
    }

    func testDeepWalkThroughContainersAndPresentations() throws {
        var subject = ManagerUnderTest()
        let id = try scene(&subject)
        try subject.on(id, .setRoot(tabs("tabs")))
        try subject.on(id, .addTab(tab: "tabs", navigation("nav")))
        try subject.on(id, .push(navigation: "nav", view("page")))
        try subject.on(id, .present(presenter: "page", navigation("modalNav")))
        try subject.on(id, .push(navigation: "modalNav", view("inner", .landscapeLeft)))
        XCTAssertEqual(deciding(subject, id), "inner")
        XCTAssertEqual(subject.orientation(id), .landscapeLeft)
        let path = try subject.manager.explain(id).first { $0.name == "path" }!.sentence
        XCTAssertEqual(path, "Deciding path: root 'tabs' (tab) → selected tab 'nav' (navigation) → top child 'page' (view) → presented 'modalNav' (navigation) → top child 'inner' (view).")
        // Dismissing the presentation removes everything in it.
        try subject.on(id, .dismiss("modalNav"))
        XCTAssertEqual(deciding(subject, id), "page")
        XCTAssertEqual(subject.manager.scenes[id]!.tree.ids, ["nav", "page", "tabs"])
    }

    func testTreeOperationsRefuseBadTargets() throws {
        var subject = ManagerUnderTest()
        let id = try scene(&subject)
        try subject.on(id, .setRoot(navigation("nav")))
        try subject.on(id, .push(navigation: "nav", view("list")))
        subject.expectFailure(.notPermitted, on: id, .pop(navigation: "nav")) // keeps its root child
        subject.expectFailure(.unknownController, on: id, .push(navigation: "nope", view("x")))
        subject.expectFailure(.wrongControllerKind, on: id, .push(navigation: "list", view("x")))
        subject.expectFailure(.wrongControllerKind, on: id, .addTab(tab: "nav", view("x")))
        subject.expectFailure(.wrongControllerKind, on: id, .selectTab(tab: "nav", child: "list"))
        subject.expectFailure(.duplicateController, on: id, .push(navigation: "nav", view("list")))
        subject.expectFailure(.duplicateController, on: id, .present(presenter: "list", view("nav")))
        subject.expectFailure(.notPermitted, on: id, .dismiss("list")) // not presented
        subject.expectFailure(.unknownController, on: id, .dismiss("ghost"))
        subject.expectFailure(.unknownController, on: id, .setProperties("ghost", patch(.portrait)))
        subject.expectFailure(.unknownController, on: id, .setMode("ghost", .portrait))
        subject.expectFailure(.invalidArgs, on: id, .push(navigation: "nav", view("")))
        try subject.on(id, .present(presenter: "list", view("sheet", fillsWindow: false)))
        let error = subject.expectFailure(.notPermitted, on: id, .present(presenter: "list", view("another")))
        XCTAssertTrue(error?.message.contains("sheet") ?? false)
        // SelectTab with a controller that is not one of the tab's children.
        try subject.on(id, .setRoot(tabs("tabs")))
        try subject.on(id, .addTab(tab: "tabs", view("a")))
        try subject.on(id, .addTab(tab: "tabs", navigation("b")))
        try subject.on(id, .push(navigation: "b", view("deep")))
        let notChild = subject.expectFailure(.unknownController, on: id, .selectTab(tab: "tabs", child: "deep"))
        XCTAssertTrue(notChild?.message.contains("a, b") ?? false, notChild?.message ?? "")
        // An empty tab controller and an empty stack also refuse.
        try subject.on(id, .setRoot(navigation("empty")))
        subject.expectFailure(.notPermitted, on: id, .pop(navigation: "empty"))
    }

    /// Controllers are found by their id in a small tree (searched slot by slot) and in one
    /// past `ControllerTree.indexedBeyond` (indexed), before and after pops, and a popped id can
    /// be pushed again.
    func testControllersAreFoundByIdInSmallTreesAndIndexedOnes() throws {
        var subject = ManagerUnderTest()
        let id = try scene(&subject)
        try subject.on(id, .setRoot(navigation("nav")))
        let pushed = ControllerTree.indexedBeyond + 4
        for n in 1...pushed {
            try subject.on(id, .push(navigation: "nav", view("v\(n)", n.isMultiple(of: 2) ? .landscape : .portrait)))
            XCTAssertEqual(deciding(subject, id), "v\(n)")
            subject.expectFailure(.duplicateController, on: id, .push(navigation: "nav", view("v\(n)")))
            subject.expectFailure(.duplicateController, on: id, .push(navigation: "nav", view("nav")))
        }
        XCTAssertEqual(subject.orientation(id), .landscapeRight)
        for n in stride(from: pushed, to: 5, by: -1) {
            XCTAssertEqual(try subject.on(id, .pop(navigation: "nav")).reply, .controller("v\(n)"))
        }
        XCTAssertEqual(deciding(subject, id), "v5")
        subject.expectFailure(.unknownController, on: id, .setMode("v\(pushed)", .portrait))
        try subject.on(id, .push(navigation: "nav", view("v\(pushed)", .landscape)))
        XCTAssertEqual(deciding(subject, id), "v\(pushed)")
        try subject.on(id, .setMode("v3", .portrait))
        subject.expectFailure(.duplicateController, on: id, .push(navigation: "nav", view("v4")))
    }

    func testSetRootReplacesTheWholeTree() throws {
        var subject = ManagerUnderTest()
        let id = try scene(&subject)
        try subject.on(id, .setRoot(navigation("nav")))
        try subject.on(id, .push(navigation: "nav", view("a", .landscape)))
        try subject.on(id, .present(presenter: "a", view("b")))
        try subject.on(id, .setRoot(view("fresh", .portrait)))
        XCTAssertEqual(subject.manager.scenes[id]!.tree.ids, ["fresh"])
        XCTAssertEqual(subject.orientation(id), .portrait)
        XCTAssertEqual(subject.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .navigation)])
        // Old ids are free again.
        try subject.on(id, .present(presenter: "fresh", view("a", fillsWindow: false)))
    }
}

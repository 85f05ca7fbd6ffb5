import OrientationCore
import XCTest

/// The walk from the root to the one controller that decides, and the tree operations.
final class DecidingControllerTests: XCTestCase {
    /// A phone scene that allows everything but upside-down, so controllers decide.
    private func scene(_ rig: inout Rig) throws -> SceneID {
        try rig.register { $0.supported = .allButUpsideDown }
    }

    private func deciding(_ rig: Rig, _ id: SceneID) -> String { rig.snapshot(id).decidingController }

    func testNavigationControllerHandsOverToItsTopChild() throws {
        var rig = Rig()
        let id = try scene(&rig)
        try rig.on(id, .setRoot(navigation("nav", .portrait)))
        XCTAssertEqual(deciding(rig, id), "nav", "an empty stack decides itself")
        try rig.on(id, .push(navigation: "nav", view("list", .portrait)))
        try rig.on(id, .push(navigation: "nav", view("detail", .landscape)))
        XCTAssertEqual(deciding(rig, id), "detail")
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .navigation)])
        XCTAssertEqual(try rig.on(id, .pop(navigation: "nav")).reply, .controller("detail"))
        XCTAssertEqual(deciding(rig, id), "list")
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .navigation)])
    }

    func testTabControllerHandsOverToItsSelectedChild() throws {
        var rig = Rig()
        let id = try scene(&rig)
        try rig.on(id, .setRoot(tabs("tabs")))
        try rig.on(id, .addTab(tab: "tabs", view("feed", .portrait)))
        try rig.on(id, .addTab(tab: "tabs", view("video", .landscape)))
        try rig.on(id, .selectTab(tab: "tabs", child: "video"))
        XCTAssertEqual(deciding(rig, id), "video")
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .tab)])
        try rig.on(id, .selectTab(tab: "tabs", child: "feed"))
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .tab)])
        // Selecting the selected child again changes nothing.
        try rig.on(id, .selectTab(tab: "tabs", child: "feed"))
        XCTAssertEqual(rig.events, [])
    }

    func testTabControllerDecidesByItsFirstChildUntilOneIsSelected() throws {
        var rig = Rig()
        let id = try scene(&rig)
        try rig.on(id, .setRoot(tabs("tabs")))
        try rig.on(id, .addTab(tab: "tabs", view("first", .landscape)))
        XCTAssertEqual(deciding(rig, id), "first")
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .tab)])
        try rig.on(id, .addTab(tab: "tabs", view("second", .portrait)))
        XCTAssertEqual(deciding(rig, id), "first", "a later tab is not selected by being added")
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
    }

    func testWindowFillingPresentationTakesOverTheDecision() throws {
        var rig = Rig()
        let id = try scene(&rig)
        try rig.on(id, .setRoot(navigation("nav")))
        try rig.on(id, .push(navigation: "nav", view("list", .portrait)))
        try rig.on(id, .present(presenter: "list", view("player", .landscape)))
        XCTAssertEqual(deciding(rig, id), "player")
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .portrait, .landscapeRight, .presentation)])
        // A presentation from the root container also takes over, before its children.
        try rig.on(id, .dismiss("player"))
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .dismissal)])
        try rig.on(id, .present(presenter: "nav", view("modal", .landscape)))
        XCTAssertEqual(deciding(rig, id), "modal")
    }

    func testSheetPresentationDoesNotTakeOver() throws {
        var rig = Rig()
        let id = try scene(&rig)
        try rig.on(id, .setRoot(view("list", .portrait)))
        try rig.on(id, .present(presenter: "list", view("sheet", .landscape, fillsWindow: false)))
        XCTAssertEqual(deciding(rig, id), "list")
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.changes, [])
        // Making it window-filling is a declaration: it takes over at the next evaluation.
        try rig.on(id, .setProperties("sheet", patch(fillsWindow: true)))
        XCTAssertEqual(deciding(rig, id), "list")
        try rig.on(id, .update)
        XCTAssertEqual(deciding(rig, id), "sheet")
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
    }

    func testNonForwardingContainerDecidesItselfLikeStockUIKit() throws {
        var rig = Rig()
        let id = try scene(&rig)
        try rig.on(id, .setRoot(navigation("nav", .portrait, forwards: false)))
        try rig.on(id, .push(navigation: "nav", view("detail", .landscape)))
        XCTAssertEqual(deciding(rig, id), "nav")
        XCTAssertEqual(rig.orientation(id), .portrait)
        let path = try rig.manager.explain(id).first { $0.name == "path" }!.sentence
        XCTAssertTrue(path.contains("does not forward"), path)

        try rig.on(id, .setRoot(tabs("tabs", .portrait, forwards: false)))
        try rig.on(id, .addTab(tab: "tabs", view("video", .landscape)))
        XCTAssertEqual(deciding(rig, id), "tabs")
        XCTAssertEqual(rig.orientation(id), .portrait)
        // A window-filling presentation still takes over a non-forwarding container.
        try rig.on(id, .present(presenter: "tabs", view("modal", .landscape)))
        XCTAssertEqual(deciding(rig, id), "modal")
        XCTAssertEqual(rig.orientation(id), .landscapeRight)
    }

    func testEmptyTreeBehavesAsADefaultViewController() throws {
        var rig = Rig()
        let phone = try scene(&rig)
        let pad = try rig.register(idiom: .pad) { $0.supported = .all }
        XCTAssertEqual(deciding(rig, phone), "")
        XCTAssertEqual(rig.snapshot(phone).supported, .allButUpsideDown)
        XCTAssertEqual(rig.snapshot(pad).supported, .all)
        try rig.device(.landscapeRight)
        XCTAssertEqual(rig.orientation(phone), .landscapeLeft, "the default controller autorotates")
        let controller = try rig.manager.explain(phone).first { $0.name == "controller" }!.sentence
        XCTAssertTrue(controller.contains("default view controller"), controller)
    }

    func testDeepWalkThroughContainersAndPresentations() throws {
        var rig = Rig()
        let id = try scene(&rig)
        try rig.on(id, .setRoot(tabs("tabs")))
        try rig.on(id, .addTab(tab: "tabs", navigation("nav")))
        try rig.on(id, .push(navigation: "nav", view("page")))
        try rig.on(id, .present(presenter: "page", navigation("modalNav")))
        try rig.on(id, .push(navigation: "modalNav", view("inner", .landscapeLeft)))
        XCTAssertEqual(deciding(rig, id), "inner")
        XCTAssertEqual(rig.orientation(id), .landscapeLeft)
        let path = try rig.manager.explain(id).first { $0.name == "path" }!.sentence
        XCTAssertEqual(path, "Deciding path: root 'tabs' (tab) → selected tab 'nav' (navigation) → top child 'page' (view) → presented 'modalNav' (navigation) → top child 'inner' (view).")
        // Dismissing the presentation removes everything in it.
        try rig.on(id, .dismiss("modalNav"))
        XCTAssertEqual(deciding(rig, id), "page")
        XCTAssertEqual(rig.manager.scenes[id]!.tree.ids, ["nav", "page", "tabs"])
    }

    func testTreeOperationsRefuseBadTargets() throws {
        var rig = Rig()
        let id = try scene(&rig)
        try rig.on(id, .setRoot(navigation("nav")))
        try rig.on(id, .push(navigation: "nav", view("list")))
        rig.expectFailure(.notPermitted, on: id, .pop(navigation: "nav")) // keeps its root child
        rig.expectFailure(.unknownController, on: id, .push(navigation: "nope", view("x")))
        rig.expectFailure(.wrongControllerKind, on: id, .push(navigation: "list", view("x")))
        rig.expectFailure(.wrongControllerKind, on: id, .addTab(tab: "nav", view("x")))
        rig.expectFailure(.wrongControllerKind, on: id, .selectTab(tab: "nav", child: "list"))
        rig.expectFailure(.duplicateController, on: id, .push(navigation: "nav", view("list")))
        rig.expectFailure(.duplicateController, on: id, .present(presenter: "list", view("nav")))
        rig.expectFailure(.notPermitted, on: id, .dismiss("list")) // not presented
        rig.expectFailure(.unknownController, on: id, .dismiss("ghost"))
        rig.expectFailure(.unknownController, on: id, .setProperties("ghost", patch(.portrait)))
        rig.expectFailure(.unknownController, on: id, .setMode("ghost", .portrait))
        rig.expectFailure(.invalidArgs, on: id, .push(navigation: "nav", view("")))
        try rig.on(id, .present(presenter: "list", view("sheet", fillsWindow: false)))
        let error = rig.expectFailure(.notPermitted, on: id, .present(presenter: "list", view("another")))
        XCTAssertTrue(error?.message.contains("sheet") ?? false)
        // SelectTab with a controller that is not one of the tab's children.
        try rig.on(id, .setRoot(tabs("tabs")))
        try rig.on(id, .addTab(tab: "tabs", view("a")))
        try rig.on(id, .addTab(tab: "tabs", navigation("b")))
        try rig.on(id, .push(navigation: "b", view("deep")))
        let notChild = rig.expectFailure(.unknownController, on: id, .selectTab(tab: "tabs", child: "deep"))
        XCTAssertTrue(notChild?.message.contains("a, b") ?? false, notChild?.message ?? "")
        // An empty tab controller and an empty stack also refuse.
        try rig.on(id, .setRoot(navigation("empty")))
        rig.expectFailure(.notPermitted, on: id, .pop(navigation: "empty"))
    }

    func testSetRootReplacesTheWholeTree() throws {
        var rig = Rig()
        let id = try scene(&rig)
        try rig.on(id, .setRoot(navigation("nav")))
        try rig.on(id, .push(navigation: "nav", view("a", .landscape)))
        try rig.on(id, .present(presenter: "a", view("b")))
        try rig.on(id, .setRoot(view("fresh", .portrait)))
        XCTAssertEqual(rig.manager.scenes[id]!.tree.ids, ["fresh"])
        XCTAssertEqual(rig.orientation(id), .portrait)
        XCTAssertEqual(rig.changes, [OrientationChangedEvent(id, .landscapeRight, .portrait, .navigation)])
        // Old ids are free again.
        try rig.on(id, .present(presenter: "fresh", view("a", fillsWindow: false)))
    }
}

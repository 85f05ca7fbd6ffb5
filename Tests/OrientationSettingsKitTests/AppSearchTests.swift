@testable import OrientationSettingsKit
import XCTest

/// The app list's search: every word typed, in any case, in the app's name or app id.
final class AppSearchTests: XCTestCase {
    static func app(_ appID: String, _ name: String) -> AppRow {
        AppRow(appID: appID, name: name, icon: nil, declared: "", choice: nil, choiceText: "", lockedBy: nil)
    }

    let maps = app("org.gnome.Maps", "Maps")
    let camera = app("org.gnome.Snapshot", "Camera")
    let notes = app("org.example.Notes", "Notes Écrites")

    func testAnEmptySearchShowsEveryApp() {
        for query in ["", " ", "\t\n"] { XCTAssertTrue(AppSearch.matches(query, maps), "'\(query)'") }
    }

    func testTheNameOrTheAppIdMatchesInAnyCase() {
        XCTAssertTrue(AppSearch.matches("maps", maps))
        XCTAssertTrue(AppSearch.matches("CAM", camera))
        XCTAssertTrue(AppSearch.matches("snapshot", camera), "the app id counts too")
        XCTAssertTrue(AppSearch.matches("écrites", notes), "case folds beyond ASCII")
        XCTAssertFalse(AppSearch.matches("camera", maps))
    }

    func testEveryWordMustMatch() {
        XCTAssertTrue(AppSearch.matches("gnome cam", camera))
        XCTAssertFalse(AppSearch.matches("gnome notes", camera))
        XCTAssertTrue(AppSearch.matches("  notes   example ", notes))
    }
}

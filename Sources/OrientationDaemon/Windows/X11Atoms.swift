/// The EWMH and toolkit atoms the X11 window tracker reads, interned once per connection.
struct X11Atoms {
    /// `WM_CLASS` is one of the X protocol's predefined atoms.
    static let windowClass: UInt32 = 67

    let activeWindow: UInt32
    let clientList: UInt32
    let state: UInt32
    let stateHidden: UInt32
    let stateFullscreen: UInt32
    let supportingCheck: UInt32
    let name: UInt32
    let gtkApplicationId: UInt32
    let utf8String: UInt32

    static let names = ["_NET_ACTIVE_WINDOW", "_NET_CLIENT_LIST", "_NET_WM_STATE", "_NET_WM_STATE_HIDDEN",
                        "_NET_WM_STATE_FULLSCREEN", "_NET_SUPPORTING_WM_CHECK", "_NET_WM_NAME",
                        "_GTK_APPLICATION_ID", "UTF8_STRING"]

    /// Interns every atom (asynchronously); `done` gets them all, or nil if the server refused one.
    static func intern(on connection: X11Connection, _ done: @escaping (X11Atoms?) -> Void) {
        var values: [UInt32?] = []
        for name in names {
            connection.internAtom(name) { atom in
                values.append(atom)
                guard values.count == names.count else { return }
                let atoms = values.compactMap { $0 }.filter { $0 != 0 }
                guard atoms.count == names.count else { return done(nil) }
                done(X11Atoms(activeWindow: atoms[0], clientList: atoms[1], state: atoms[2], stateHidden: atoms[3],
                              stateFullscreen: atoms[4], supportingCheck: atoms[5], name: atoms[6],
                              gtkApplicationId: atoms[7], utf8String: atoms[8]))
            }
        }
        connection.flush()
    }
}

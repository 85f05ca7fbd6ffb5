/// A scene's controllers: a root with navigation stacks, tabs and modal presentations.
/// Controllers live in a slot array addressed by handles; a tree of more than
/// `indexedBeyond` controllers keeps an index by id as well.
public struct ControllerTree: Sendable {
    private var slots: [ControllerNode?] = []
    private var freeSlots: [Int] = []
    /// The handles by id, made once the tree first holds more than `indexedBeyond` controllers.
    /// A smaller tree (most scenes hold one to three) is searched slot by slot: a few string
    /// comparisons cost less than hashing the id, and it keeps no table of its own (~200
    /// bytes a scene).
    private var index: [String: Int]?
    /// How many controllers a tree may hold and still be searched without an index.
    public static let indexedBeyond = 8
    public private(set) var root: Int?
    /// How many controllers the tree holds.
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    public subscript(handle: Int) -> ControllerNode {
        get { slots[handle]! }
        set { slots[handle] = newValue }
    }

    public func handle(of id: String) -> Int? {
        if let index { return index[id] }
        return slots.firstIndex { $0?.id == id }
    }

    /// The handle of an existing controller, or `UnknownController`.
    func existing(_ id: String) throws(OrientationError) -> Int {
        guard let handle = handle(of: id) else { throw .unknownController(id) }
        return handle
    }

    /// Ids of every controller, for error messages and listings, sorted.
    public var ids: [String] { slots.compactMap { $0?.id }.sorted() }

    /// Adds a controller under `parent` (as a contained child, or presented), or as the root.
    @discardableResult
    mutating func insert(_ controller: ControllerNode, under parent: Int?, presented: Bool) -> Int {
        var node = controller
        node.parent = parent
        node.isPresented = presented
        let handle: Int
        if let reused = freeSlots.popLast() {
            handle = reused
            slots[handle] = node
        } else {
            handle = slots.count
            slots.append(node)
        }
        count += 1
        if index != nil {
            index![node.id] = handle
        } else if count > Self.indexedBeyond {
            var made = [String: Int](minimumCapacity: count)
            for (handle, node) in slots.enumerated() { if let node { made[node.id] = handle } }
            index = made
        }
        if let parent {
            if presented {
                self[parent].presented = handle
            } else {
                self[parent].children.append(handle)
                if self[parent].kind == .tab, self[parent].selected == nil { self[parent].selected = handle }
            }
        } else {
            root = handle
        }
        return handle
    }

    /// Removes a controller with everything it contains and presents, detaching it from its parent.
    mutating func removeSubtree(_ handle: Int) {
        if let parent = self[handle].parent {
            if self[handle].isPresented {
                self[parent].presented = nil
            } else {
                self[parent].children.removeAll { $0 == handle }
                if self[parent].selected == handle { self[parent].selected = self[parent].children.first }
            }
        } else {
            root = nil
        }
        var stack = [handle]
        while let next = stack.popLast() {
            let node = self[next]
            stack.append(contentsOf: node.children)
            if let presented = node.presented { stack.append(presented) }
            index?[node.id] = nil
            count -= 1
            slots[next] = nil
            freeSlots.append(next)
        }
    }

    /// One step of the walk to the deciding controller: a window-filling presentation takes
    /// over; a forwarding navigation controller hands over to its top child, a forwarding tab
    /// controller to its selected child; otherwise the walk stops (nil).
    public func handOver(from handle: Int) -> Int? {
        // Fields read in place, not the node copied out: a copy retains its id and children.
        if let presented = slots[handle]!.presented, slots[presented]!.declaration.fillsWindow { return presented }
        guard slots[handle]!.declaration.forwardsOrientation else { return nil }
        switch slots[handle]!.kind {
        case .navigation: return slots[handle]!.lastChild
        case .tab: return slots[handle]!.selected
        case .view: return nil
        }
    }

    /// The walk from the root to the deciding controller, both included.
    public func decidingPath() -> [Int] {
        guard var current = root else { return [] }
        var path = [current]
        while let next = handOver(from: current) {
            path.append(next)
            current = next
        }
        return path
    }

    /// The deciding controller's handle (the end of the deciding path).
    public func deciding() -> Int? {
        guard var current = root else { return nil }
        while let next = handOver(from: current) { current = next }
        return current
    }

    /// Every controller handle, depth first from the root (children, then the presented one).
    public func preorder() -> [Int] {
        guard let root else { return [] }
        var result: [Int] = []
        var stack = [root]
        while let next = stack.popLast() {
            result.append(next)
            let node = self[next]
            if let presented = node.presented { stack.append(presented) }
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }
}

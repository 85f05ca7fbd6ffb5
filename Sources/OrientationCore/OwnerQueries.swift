extension OrientationManager {
    /// Whether `name` registered scenes that still exist (so its leaving the bus matters).
    public func hasScenes(registeredBy name: String) -> Bool { scenesByCreator[name] != nil }
}

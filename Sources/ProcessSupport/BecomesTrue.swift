/// Polls `condition` as `eventually` does (its scale applies) for at most `timeout`, and says
/// whether it held by then instead of throwing: for a step a user repeats when nothing
/// happened a while after it (a tap again, a PIN typed again). Errors of `condition` are thrown.
public func becomesTrue(within timeout: Duration, _ condition: () throws -> Bool) throws -> Bool {
    /// An error `condition` threw, told apart from `eventually`'s own at the deadline.
    struct ConditionFailed: Error { let error: any Error }
    do {
        try eventually(timeout: timeout) {
            do { return try condition() } catch { throw ConditionFailed(error: error) }
        }
        return true
    } catch let failed as ConditionFailed {
        throw failed.error
    } catch {
        return false
    }
}

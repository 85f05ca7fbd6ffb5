/// `help`: the overall help, or one verb's.
extension VerbTable {
    static let helpVerbs: [VerbSpec] = [
        VerbSpec("help", group: .other, arguments: [ArgumentSpec("VERB", .choice([]), optional: true)],
                 summary: "Show the help, or one verb's help",
                 details: "Shows the overall help, or with VERB that verb's arguments, options and examples.",
                 examples: ["help", "help push"], run: help),
    ]

    static func help(_ inv: Invocation) throws(CommandError) {
        guard let name = inv.command.argument(0) else {
            inv.console.print(HelpText.overall(inv.verbs))
            return
        }
        guard let verb = inv.verbs.first(where: { $0.name == name }) else {
            throw inv.usage("no verb '\(name)'")
        }
        inv.console.print(HelpText.verb(verb))
    }
}

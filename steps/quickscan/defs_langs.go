package quickscan

import "github.com/rtgit/rtgit/internal/lazyre"

// Definition patterns for the languages beyond Go, Python and JavaScript.
// As there, each is a line pattern, not a parser: good enough to tell the
// file that defines a name from the files that call it. The name is the
// pattern's last group; where a pattern also captures the word before the
// name (a Java return type, say), a statement keyword there (return, new,
// else) means the line is a call, not a definition.
var (
	rustDefs = []*lazyre.Regexp{
		lazyre.New(`(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?(?:(?:const|async|unsafe|default)\s+|extern\s+"[^"]*"\s+)*fn\s+([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?(?:struct|enum|union|trait|mod)\s+([A-Za-z_]\w*)`),
		// A type alias at the margin or made public; an indented bare
		// "type Error = Error;" is an impl's associated type, which every
		// implementation of the trait repeats.
		lazyre.New(`(?m)^(?:pub(?:\([^)]*\))?\s+)?type\s+([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^\s+pub(?:\([^)]*\))?\s+type\s+([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const|static)\s+(?:mut\s+)?([A-Za-z_]\w*)\s*:`),
		lazyre.New(`macro_rules!\s*([A-Za-z_]\w*)`),
		// impl Type / impl Trait for Type: the methods inside belong to Type.
		lazyre.New(`(?m)^\s*(?:unsafe\s+)?impl\b(?:\s*<[^>{]*>)?\s+(?:[\w:]+(?:<[^{]*?>)?\s+for\s+)?(?:[\w]+::)*([A-Za-z_]\w*)`),
	}
	// javaDefs cover Java, Kotlin, Scala, Groovy and C#: their types read
	// alike, and their methods are a type (or modifiers) then a name and a
	// parenthesis on a line that is not a statement.
	javaDefs = []*lazyre.Regexp{
		lazyre.New(`(?m)^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|protected|internal|static|final|abstract|sealed|open|data|inner|partial|readonly|strictfp|override|case|implicit|enum|value|annotation)\s+)*(?:class|interface|enum|record|object|trait|struct|@interface)\s+([A-Za-z_$][\w$]*)`),
		lazyre.New(`(?m)^[ \t]*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|protected|internal|static|final|abstract|synchronized|native|default|override|virtual|async|sealed|extern|unsafe|new)\s+)*(?:<[^>]+>\s+)?([\w$.]+(?:<[^;{}()]*>)?(?:\[\])*\??)\s+([A-Za-z_$][\w$]*)\s*\([^;\n]*$`),
		// Kotlin and Scala functions, extension functions included.
		lazyre.New(`(?m)^\s*(?:(?:public|private|protected|internal|override|open|suspend|inline|operator|infix|tailrec|abstract|final|implicit)\s+)*(?:fun|def)\s+(?:<[^>]+>\s*)?(?:[\w.]+(?:<[^>]*>)?\.)?([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^(?:(?:private|internal|public|const|lazy)\s+)*(?:val|var)\s+([A-Za-z_]\w*)`),
	}
	rubyDefs = []*lazyre.Regexp{
		lazyre.New(`(?m)^\s*def\s+(?:self\.)?([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^\s*(?:class|module)\s+(?:[A-Z]\w*::)*([A-Z]\w*)`),
		lazyre.New(`(?m)^\s*([A-Z][A-Z0-9_]*)\s*=[^=]`),
		// attr_accessor :env, :params -- one match per symbol.
		lazyre.New(`(?m)(?:^\s*attr_(?:reader|writer|accessor)\s+|,\s*):([a-z_]\w*)`),
	}
	phpDefs = []*lazyre.Regexp{
		lazyre.New(`\bfunction\s+&?([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^\s*(?:(?:final|abstract|readonly)\s+)*(?:class|interface|trait|enum)\s+([A-Za-z_]\w*)`),
	}
	swiftDefs = []*lazyre.Regexp{
		lazyre.New(`\bfunc\s+([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^\s*(?:(?:public|private|fileprivate|internal|open|final)\s+)*(?:class|struct|enum|protocol|extension|actor)\s+([A-Za-z_]\w*)`),
	}
	// cDefs find C and C++ functions by their shape at the margin: a
	// definition starts in column 0, a call never does.
	cDefs = []*lazyre.Regexp{
		lazyre.New(`(?m)^(?:[A-Za-z_][\w:<>,*& ]*[\s*&])?(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)\s*\([^;\n]*$`),
		lazyre.New(`(?m)^\s*(?:typedef\s+)?(?:struct|union|enum|class|namespace)\s+([A-Za-z_]\w*)`),
		lazyre.New(`(?m)^\s*#\s*define\s+([A-Za-z_]\w*)`),
	}
)

// defsByExt maps a lower-case file extension to its language's patterns.
var defsByExt = map[string][]*lazyre.Regexp{
	".go": goDefs,
	".py": pyDefs, ".pyi": pyDefs,
	".js": jsDefs, ".mjs": jsDefs, ".cjs": jsDefs, ".jsx": jsDefs, ".ts": jsDefs, ".tsx": jsDefs, ".mts": jsDefs, ".cts": jsDefs,
	".rs":   rustDefs,
	".java": javaDefs, ".kt": javaDefs, ".kts": javaDefs, ".scala": javaDefs, ".groovy": javaDefs, ".cs": javaDefs,
	".rb": rubyDefs, ".rake": rubyDefs,
	".php":   phpDefs,
	".swift": swiftDefs,
	".c":     cDefs, ".h": cDefs, ".cc": cDefs, ".cpp": cDefs, ".cxx": cDefs, ".hpp": cDefs, ".hh": cDefs, ".m": cDefs, ".mm": cDefs,
}

// notNames are words the patterns would otherwise take for names, or, in
// the word before a name, mark a statement rather than a definition.
var notNames = set(`if for while switch catch function return typeof with else do new await
throw case yield goto sizeof defined elif unless until when try finally`)

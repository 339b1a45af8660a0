package memory

import (
	"html"
	"strings"
	"unicode"

	"github.com/gortex/gortex/internal/textutil"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// A memory's text ends up inside prompts that an LLM layer builds from the
// graph. Sanitize removes what could restructure such a prompt: control and
// invisible format characters, chat-template tokens and role markers. It
// first undoes the disguises that would let a marker slip past the check:
// HTML entities ("&lt;|im_start|&gt;"), full-width forms ("Ｈuman:"),
// look-alike Greek and Cyrillic letters ("Ηuman:" with an Eta), styled
// mathematical letters, zero-width characters and combining marks on Latin
// letters ("Hu\u200bman:"). The folding applies to the whole text, so a
// Greek or Cyrillic word is stored with its look-alike letters in Latin.

// maxSanitizePasses bounds the passes; every pass that changes the text
// makes it shorter, so real input is stable after two or three.
const maxSanitizePasses = 32

// Sanitize returns s cleaned for storage (see above). It is idempotent:
// Sanitize(Sanitize(s)) == Sanitize(s).
func Sanitize(s string) string {
	s = strings.ToValidUTF8(s, "")
	for range maxSanitizePasses {
		t := sanitizePass(s)
		if t == s {
			break
		}
		s = t
	}
	return s
}

// SanitizeLine sanitises a one-line field (a title, an author, a tag):
// line breaks and tabs become spaces, runs of spaces one space.
func SanitizeLine(s string) string {
	return strings.Join(strings.Fields(Sanitize(s)), " ")
}

func sanitizePass(s string) string {
	s = html.UnescapeString(s)
	s = fold(s)
	s = stripInvisible(s)
	return stripMarkers(s)
}

// fold maps full-width and styled letters to ASCII, look-alike Greek and
// Cyrillic letters to the Latin letter they imitate, and Unicode spaces and
// line separators to ' ' and '\n'.
func fold(s string) string {
	s = width.Fold.String(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case confusables[r] != 0:
			b.WriteRune(confusables[r])
		case r >= 0x1D400 && r <= 0x1D7FF, r >= 0x24B6 && r <= 0x24E9:
			// Mathematical alphanumerics (𝐇𝐮𝐦𝐚𝐧) and circled letters (Ⓗ):
			// their compatibility form is the plain letter.
			b.WriteString(norm.NFKC.String(string(r)))
		case r == '\u2028' || r == '\u2029':
			b.WriteByte('\n')
		case unicode.Is(unicode.Zs, r):
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// stripInvisible drops control characters except '\n' and '\t', format
// characters (zero-width spaces and joiners, bidi overrides, soft hyphens),
// and combining marks that follow an ASCII letter, after composing
// decomposed accents (so "e\u0301" stays "é").
func stripInvisible(s string) string {
	s = norm.NFC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	prevASCII := false
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			continue
		case unicode.Is(unicode.Mn, r) && prevASCII:
			continue
		}
		b.WriteRune(r)
		prevASCII = r <= unicode.MaxASCII
	}
	return b.String()
}

var (
	// templateToken matches chat-template special tokens: <|im_start|>,
	// <|eot_id|>, DeepSeek's <｜…｜> after width folding; partialToken the
	// start or end of one cut short ("<|im_start|", "<|im_end", "|eot_id|>").
	templateToken = textutil.Regexp(`<\|[^|\n]{0,128}\|>`)
	partialToken  = textutil.Regexp(`<\|[A-Za-z0-9_.-]{0,64}\|?|\|[A-Za-z0-9_.-]{1,64}\|>`)
	// instMarker matches Llama-2 instruction and system markers, blanks
	// inside allowed ("[ INST ]"), Gemma's turn markers and the sentence
	// markers of Llama and Mistral (<s>, </s>) and Gemma (<bos>, <eos>).
	instMarker = textutil.Regexp(`(?i)\[\s*/?\s*INST\s*\]|<<\s*/?\s*SYS\s*>>|<\s*/?\s*(?:start_of_turn|end_of_turn|s|bos|eos)\s*>`)
	// alpacaHeading matches the section labels of the Alpaca template
	// ("### Instruction:", "### Response:", "### Input:").
	alpacaHeading = textutil.Regexp(`(?im)^([ \t>]*#{1,6}[ \t]*)(?:instruction|response|input)[ \t]*:`)
	// roleMarker matches an ASCII role label at the start of a line, after
	// any Markdown quote, list, heading, emphasis or quote prefix; the
	// look-alikes are found by stripRoleLabels (roles.go).
	roleMarker = textutil.Regexp(`(?im)^((?:[ \t>*_#+\-"'` + "`" + `~|]|\d{1,9}[.)])*)(?:human|assistant|system|user|developer|tool)[*_"'` + "`" + `]*[ \t]*:`)
)

// stripMarkers removes the markers above. Each expression runs only on a
// text holding a byte every one of its matches holds ('|' of a template
// token, '[' or '<' of an instruction marker, '#' of an Alpaca heading,
// ':' of a role label), so that a text without one neither compiles nor
// runs it: gortex why sanitises the commits it cites in a new process,
// where compiling the five expressions was half of that step's CPU.
// TestStripMarkersGuards holds the result to the expressions run always.
func stripMarkers(s string) string {
	if strings.Contains(s, "|") {
		for t := ""; t != s; { // a token made by removing one goes too
			t, s = s, templateToken().ReplaceAllString(s, "")
		}
		s = partialToken().ReplaceAllString(s, "")
	}
	if strings.ContainsAny(s, "[<") {
		s = instMarker().ReplaceAllString(s, "")
	}
	if strings.Contains(s, "#") {
		s = alpacaHeading().ReplaceAllString(s, "$1")
	}
	if strings.Contains(s, ":") {
		s = roleMarker().ReplaceAllString(s, "$1")
	}
	return stripRoleLabels(s)
}

// confusables maps Greek and Cyrillic letters that look like Latin ones to
// those Latin letters: the subset of Unicode's confusables.txt (UTS #39)
// whose target is a single ASCII letter.
var confusables = map[rune]rune{
	// Greek capitals
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M',
	'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X', 'Ϲ': 'C', 'Ϳ': 'J',
	// Greek small letters
	'α': 'a', 'γ': 'y', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o',
	'ρ': 'p', 'σ': 'o', 'τ': 't', 'υ': 'u', 'χ': 'x', 'ϲ': 'c', 'ϳ': 'j',
	// Cyrillic capitals
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P',
	'С': 'C', 'Т': 'T', 'Х': 'X', 'У': 'Y', 'Ү': 'Y', 'Ѕ': 'S', 'І': 'I', 'Ј': 'J',
	'Ӏ': 'I', 'Ԛ': 'Q', 'Ԝ': 'W', 'Ԁ': 'D', 'Ѵ': 'V', 'Һ': 'H',
	// Cyrillic small letters
	'а': 'a', 'в': 'b', 'г': 'r', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o',
	'п': 'n', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i',
	'ј': 'j', 'ӏ': 'l', 'һ': 'h', 'ԛ': 'q', 'ԝ': 'w', 'ԁ': 'd', 'ѵ': 'v', 'ү': 'y',
	'ь': 'b',
	// Latin letters that pass for others
	'ı': 'i', 'ſ': 's',
}

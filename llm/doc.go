// Package llm lets a language model phrase a why answer from exactly the
// entries the graph returned; that is its one job. It sits above query: it
// takes a query.Answer and fills in its summary fields.
//
//	Select       config, environment → a Backend (anthropic, openai,
//	             ollama, claude-cli), agent mode, or none
//	BuildPrompt  Answer → a Prompt: the question, recent commits, the
//	             entries each fenced as quoted data, the task; cut to the
//	             model's token budget
//	Summarize    Backend.Complete, then ParseReply → Answer.Summary, Cited,
//	             Artifacts, Suggestions, Backend
//
// Every backend failure is an *LLMError with a gortex::llm:: code and help;
// the caller then shows the graph's answer alone. LoadConfig reads the
// [why] table of the user's config and of .gortex/config.toml, where a
// repository may not say where entries and keys go (base_url,
// acknowledged), what runs (llm = "claude-cli") or what it costs (model);
// every reply is read up to maxReplyBytes; Acknowledge records a privacy notice in the user's
// config; EstimateCost prices a prompt before it is sent.
package llm

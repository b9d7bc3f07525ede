// GNU readline for the `viper` REPL. GNU readline is GPL: only the executable links it, never
// the libraries others embed. readline.h needs stdio.h first, for FILE.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

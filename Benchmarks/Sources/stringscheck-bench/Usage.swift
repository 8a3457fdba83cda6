/// The benchmark's options, printed by `--help` and after an unknown argument.
let usage = """
    usage: stringscheck-bench [--locales N] [--keys M] [--payloads P] [--repetitions R]
                              [--tree PATH] [--xliff PATH] [--render PATH] [--series] [--json]
           stringscheck-bench --write-tree PATH | --write-catalog PATH | --write-stringsdict-tree PATH
                              | --write-catalog-app PATH | --profile-parse PATH
                              | --code PATH [--code PATH …]
      --locales N        locales of the synthetic tree (default 40)
      --keys M           keys per table (default 5000)
      --payloads P       payload templates (default 1000)
      --repetitions R    runs per measurement; the median is reported (default 5)
      --tree PATH        also measure a real tree
      --xliff PATH       measure a folder of XLIFF exports (default: ../shared/corpus/xliff
                        when it is there)
      --render PATH      time `render --keys '*' --format json` of an app (default: the app
                        of ../shared/corpus/apps with the most localization bytes, when there)
      --series           also measure doublings of locales and keys
      --json             print the figures as JSON
      --write-tree PATH  write the synthetic tree and stop
      --write-catalog PATH  write the synthetic tree's String Catalog and stop
      --write-stringsdict-tree PATH  write the .stringsdict tree (every locale, 3 entries
                        per 10 keys) and stop
      --write-catalog-app PATH  write the app's String Catalogs (4 tables) and stop
      --profile-parse PATH  parse a folder's .strings, .stringsdict and .xcstrings files twenty times
                        (for a profiler) and print the median time of a pass
      --code PATH        the cost of scanning an app's code: `check` without and with it,
                        side by side for every app given, and stop

    """

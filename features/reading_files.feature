Feature: Files
  Feature files and the files steps read. A feature file may start with a
  UTF-8 byte-order mark, as editors on Windows write it (this one does). A
  line of a feature file holds at most 65,535 bytes, the Gherkin parser's
  limit: a longer one is an error naming the file and line, and a value
  that large lives in a file under scenarios/, read by a `... from "<file>"`
  step. Feature files, files steps read and golden files must be regular
  files: a FIFO or a device in their place is refused before it is opened.

  Scenario: a value longer than a feature line is read from a file
    Given the state schema:
      | field | type   |
      | v     | string |
    And the input state from "scenarios/files/long-line.json"
    Then the state should match the golden file

require 'json'
def parse(text)
  data = JSON.parse(text)
  raise KeyError, 'items' unless data['items']
  data['items']
end
def load(texts)
  out = []
  texts.each do |t|
    begin
      out.concat(parse(t))
    rescue KeyError => e
      out << "missing #{e.message}"
    end
  end
  out
end
p load(['{"items": [1, 2]}', '{"item": [3]}', '{"items": [4]}'])
